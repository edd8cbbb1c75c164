import { useId, useState } from 'react';
import { forgetRemoteComponent, remoteModuleArrived, startLoadingRemoteModules } from '../federation/remoteComponent';
import { RemoteRegion } from './RemoteRegion';
import { SEARCH_TEXT_REQUIRED, useShopSearch } from './ShopSearchForm';
import './plainSearch.css';

const SEARCH = { remote: 'mfe-catalog', module: 'HeaderSearch' } as const;

/** Which of the box's fields has the focus, for the catalog's box to take it over. */
export type SearchFocus = 'text' | 'category';

/** What the shell hands the catalog's HeaderSearch when it takes over from the plain box. */
export interface HeaderSearchHandover {
  /** What the shopper typed in the plain box. */
  initialText: string;
  /** The field that had the focus, which the catalog's box then takes. */
  autoFocus?: SearchFocus;
}

type Phase = 'plain' | 'loading' | 'live';

/**
 * The desktop header's search (text required, with a category). The live box, with its categories and live results, is the
 * catalog's HeaderSearch; its code (the catalog's entry and the module, 4–8 KB) loads when the
 * shopper reaches for the box (the pointer over it, or the focus in it), not with the page. Until
 * it is in, and whenever it cannot come, the shell's plain box stands in its place, the same size:
 * it searches too (/shop?search=…), and what was typed in it and the focus go over to the catalog's
 * box when that arrives. Without script (the server's page) it is a plain GET form to /shop.
 */
export function HeaderSearchSlot() {
  const [phase, setPhase] = useState<Phase>(() => (remoteModuleArrived(SEARCH.remote, SEARCH.module) ? 'live' : 'plain'));
  const [focus, setFocus] = useState<SearchFocus | undefined>(undefined);
  const search = useShopSearch();
  const id = useId();

  const want = () => {
    if (phase !== 'plain') return;
    setPhase('loading');
    void startLoadingRemoteModules([SEARCH]).then(() => {
      if (remoteModuleArrived(SEARCH.remote, SEARCH.module)) {
        setPhase('live');
        return;
      }
      // The plain box goes on searching; the next time the shopper reaches for it, it tries again.
      console.warn('[shell] the catalog’s search could not be loaded; the plain search box stays');
      forgetRemoteComponent(SEARCH.remote, SEARCH.module);
      setPhase('plain');
    });
  };

  if (phase === 'live') {
    const handover: HeaderSearchHandover = { initialText: search.text, autoFocus: focus };
    return <RemoteRegion remote={SEARCH.remote} module={SEARCH.module} label="search" props={handover} loading={<div className="shell-header__search-loading" role="status" aria-busy="true" aria-label="Loading search" />} />;
  }

  const focusOn = (field: SearchFocus) => () => setFocus(field);
  const blur = () => setFocus(undefined);
  return (
    <form role="search" aria-label="Products" action="/shop" method="get" className="shell-plain-search" data-search-phase={phase} onSubmit={search.submit} onPointerEnter={want} onFocus={want} noValidate>
      <label htmlFor={`${id}-category`} className="shell-visually-hidden">
        Search in
      </label>
      <select id={`${id}-category`} className="shell-plain-search__category" onFocus={focusOn('category')} onBlur={blur}>
        <option value="">All categories</option>
      </select>
      <div className="shell-plain-search__field">
        <label htmlFor={`${id}-text`} className="shell-visually-hidden">
          Search products
        </label>
        <input
          id={`${id}-text`}
          name="search"
          type="search"
          autoComplete="off"
          placeholder="Search products…"
          maxLength={100}
          value={search.text}
          aria-invalid={search.error || undefined}
          aria-describedby={search.error ? `${id}-error` : undefined}
          onChange={(event) => search.change(event.target.value)}
          onFocus={focusOn('text')}
          onBlur={blur}
        />
        {search.error && (
          <p id={`${id}-error`} className="shell-plain-search__error" role="alert">
            {SEARCH_TEXT_REQUIRED}
          </p>
        )}
      </div>
      <button type="submit" className="shell-plain-search__submit" aria-label="Search">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </form>
  );
}
