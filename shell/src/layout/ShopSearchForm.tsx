import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@storefront/shared';
import './shopSearchForm.css';

export const SEARCH_TEXT_REQUIRED = 'Type what you are looking for.';

/**
 * The text of a shell search box and its submit: to /shop?search=… (the text is required, an
 * empty one shows SEARCH_TEXT_REQUIRED). The text lives here, so a host can hand it on.
 */
export function useShopSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const change = (value: string) => {
    setText(value);
    setError(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    if (!search) {
      setError(true);
      return;
    }
    // React Router navigates in a transition; started inside the submit event, React would treat
    // the plain form as a form action and build a FormData of it for nothing.
    queueMicrotask(() => navigate(`/shop?${new URLSearchParams({ search }).toString()}`));
  };
  return { text, change, error, submit };
}

/**
 * A plain search box that goes to /shop?search=… (the mobile menu's own field, and the
 * 404 page's). The header's richer search with categories is the catalog remote's.
 */
export function ShopSearchForm({ label = 'Search products', className = '' }: { label?: string; className?: string }) {
  const id = useId();
  const { text, change, error, submit } = useShopSearch();
  return (
    <form role="search" className={`shell-search-form ${className}`} onSubmit={submit} noValidate>
      <label htmlFor={id} className="shell-visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder="Search products…"
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => change(event.target.value)}
      />
      <button type="submit" className="sf-button">
        Search
      </button>
      {error && (
        <p id={`${id}-error`} className="sf-field__error shell-search-form__error">
          {SEARCH_TEXT_REQUIRED}
        </p>
      )}
    </form>
  );
}
