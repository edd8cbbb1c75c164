import { Price, ProductImage, useGetCategoriesQuery, useLocation, useNavigate } from '@storefront/shared';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useGetSearchSuggestionsQuery } from '../features/shop/catalogApi';
import { NO_FILTERS, writeShopFilters } from '../features/shop/shopFilters';
import { afterSubmit } from '../features/search/afterSubmit';
import { searchCategoryOptions } from '../features/search/searchCategoryOptions';
import { useDebouncedValue } from '../features/search/useDebouncedValue';
import '../features/search/headerSearch.css';

/** Live results only once the text is this long (longer than 2 characters). */
export const LIVE_SEARCH_MIN_LENGTH = 3;
export const LIVE_SEARCH_DEBOUNCE_MS = 250;

interface Option {
  key: string;
  to: string;
  kind: 'category' | 'product' | 'all';
}

export function shopSearchPath(text: string, category: string): string {
  return `/shop?${writeShopFilters({ ...NO_FILTERS, search: text, category }).toString()}`;
}

export interface HeaderSearchProps {
  /** Lets a host close what holds it (a menu) once the shopper goes somewhere. */
  onNavigate?: () => void;
  /**
   * The text to start with: the shell draws a plain box until this module has loaded, and hands
   * over what the shopper typed in it meanwhile.
   */
  initialText?: string;
  /** The field to focus on arrival: the one that had the focus in the shell's plain box. */
  autoFocus?: 'text' | 'category';
}

/**
 * The header's search: text (required) with a category, live results from /search/suggest while
 * typing (arrows move, Enter opens, Esc closes), and submit to /shop?search=…&category=….
 */
export default function HeaderSearch({ onNavigate, initialText = '', autoFocus }: HeaderSearchProps) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: categories } = useGetCategoriesQuery();
  const [text, setText] = useState(initialText);
  const [category, setCategory] = useState('');
  // Taking over a focused box mid-typing: the live results show as if typed here.
  const [open, setOpen] = useState(autoFocus === 'text');
  const [active, setActive] = useState(-1);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const categorySelect = useRef<HTMLSelectElement>(null);
  const root = useRef<HTMLFormElement>(null);

  // Only on arrival: the focus the shopper had in the box this one replaces, the caret at the end.
  // In the commit that draws this box, so that no key pressed meanwhile falls outside it.
  const [arrivalFocus] = useState(autoFocus);
  useLayoutEffect(() => {
    if (arrivalFocus === 'category') categorySelect.current?.focus();
    if (arrivalFocus !== 'text' || !input.current) return;
    input.current.focus();
    input.current.setSelectionRange(input.current.value.length, input.current.value.length);
  }, [arrivalFocus]);

  const typed = text.trim();
  const settled = useDebouncedValue(typed, LIVE_SEARCH_DEBOUNCE_MS);
  const live = open && typed.length >= LIVE_SEARCH_MIN_LENGTH && settled.length >= LIVE_SEARCH_MIN_LENGTH;
  // currentData, not data: data is the previous text's answer while this one's is on its way, and
  // would show as this text's ("No products match “hedphones”" from the answer for "hedph").
  const { currentData, isFetching, isError } = useGetSearchSuggestionsQuery({ q: settled, ...(category ? { category } : {}) }, { skip: !live });
  const current = live && currentData && settled === typed ? currentData : undefined;

  // Closes on route change (the shopper went somewhere) and on a click elsewhere.
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const options: Option[] = current
    ? [
        ...current.categories.map((item) => ({ key: `category-${item.id}`, to: shopSearchPath('', item.id), kind: 'category' as const })),
        ...current.products.map((item) => ({ key: `product-${item.id}`, to: `/product?id=${encodeURIComponent(item.link)}`, kind: 'product' as const })),
        { key: 'all', to: shopSearchPath(typed, category), kind: 'all' as const },
      ]
    : [];
  const optionId = (index: number) => `${id}-option-${index}`;
  const listId = `${id}-results`;
  const showList = live && (current !== undefined || isError);

  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
    onNavigate?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed) {
      setError('Type what you are looking for.');
      input.current?.focus();
      return;
    }
    const chosen = active >= 0 ? options[active] : undefined;
    afterSubmit(() => go(chosen ? chosen.to : shopSearchPath(typed, category)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(true);
    if (options.length === 0) return;
    const step = event.key === 'ArrowDown' ? 1 : -1;
    // -1 is the text field itself; moving past either end comes back to it.
    setActive((index) => {
      const next = index + step;
      if (next >= options.length) return -1;
      return next < -1 ? options.length - 1 : next;
    });
  };

  const { stocked, other } = searchCategoryOptions(categories);
  const activeOption = active >= 0 && active < options.length ? optionId(active) : undefined;

  const productOffset = current?.categories.length ?? 0;

  return (
    <form ref={root} role="search" aria-label="Products" className="cat-search" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-category`} className="sf-visually-hidden">
        Search in
      </label>
      <select ref={categorySelect} id={`${id}-category`} className="cat-search__category" value={category} onChange={(event) => setCategory(event.target.value)}>
        <option value="">All categories</option>
        <optgroup label="Our categories">
          {stocked.map((option) => (
            <option key={option.value} value={option.value}>
              {option.child ? `\u00a0\u00a0${option.label}` : option.label}
            </option>
          ))}
        </optgroup>
        {other.length > 0 && (
          <optgroup label="More departments">
            {other.map((option) => (
              <option key={option.value} value={option.value}>
                {option.child ? `\u00a0\u00a0${option.label}` : option.label}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      <div className="cat-search__field">
        <label htmlFor={`${id}-text`} className="sf-visually-hidden">
          Search products
        </label>
        <input
          ref={input}
          id={`${id}-text`}
          type="search"
          role="combobox"
          autoComplete="off"
          placeholder="Search products…"
          required
          maxLength={100}
          value={text}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={activeOption}
          aria-invalid={error !== ''}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            if (error) setError('');
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {error && (
          <p id={`${id}-error`} className="cat-search__error" role="alert">
            {error}
          </p>
        )}
        <div id={listId} role="listbox" aria-label="Search suggestions" className="cat-search__results" hidden={!showList} aria-busy={isFetching}>
          {isError && <p className="cat-search__note">Suggestions are not available; press Enter to search.</p>}
          {current && current.categories.length > 0 && (
            <div role="group" aria-label="Categories">
              {current.categories.map((item, position) => (
                <div key={item.id} id={optionId(position)} role="option" aria-selected={active === position} className="cat-search__option" onPointerDown={(event) => event.preventDefault()} onClick={() => go(options[position]?.to ?? '/shop')}>
                  <span className="cat-search__kind">Category</span> {item.parent ? `${item.parent} › ` : ''}
                  {item.name}
                </div>
              ))}
            </div>
          )}
          {current && (
            <div role="group" aria-label="Products">
              {current.products.length === 0 && <p className="cat-search__note">No products match “{settled}”.</p>}
              {current.products.map((item, index) => {
                const position = productOffset + index;
                return (
                  <div key={item.id} id={optionId(position)} role="option" aria-selected={active === position} className="cat-search__option cat-search__product" onPointerDown={(event) => event.preventDefault()} onClick={() => go(options[position]?.to ?? '/shop')}>
                    <ProductImage picture={item.thumbnail ?? undefined} alt="" width={48} height={48} />
                    <span className="cat-search__name">{item.name}</span>
                    <Price product={item} />
                  </div>
                );
              })}
            </div>
          )}
          {current && (
            <div id={optionId(options.length - 1)} role="option" aria-selected={active === options.length - 1} className="cat-search__option cat-search__all" onPointerDown={(event) => event.preventDefault()} onClick={() => go(shopSearchPath(typed, category))}>
              See all results for “{typed}”
            </div>
          )}
        </div>
      </div>
      <button type="submit" className="cat-search__submit" aria-label="Search">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </form>
  );
}
