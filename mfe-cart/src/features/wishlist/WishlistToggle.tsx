import { useGetWishlistQuery, type Product } from '@storefront/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAddToWishlist, useRemoveFromWishlist } from './wishlistActions';
import './wishlistToggle.css';

/** Adding to the wishlist shows its loading state for one second before the product goes in. */
export const WISHLIST_ADD_DELAY_MS = 1000;

export interface WishlistToggleProps {
  product: Product;
  /** A product card's heart (an icon button), or the product page's "Add to Wishlist" / "Go to Wishlist" button. */
  place: 'card' | 'page';
}

/**
 * Whether the product is in the wishlist, and the two ways to change that: a click while it is in
 * removes it by its id; otherwise the control waits a second in its loading state, then adds it,
 * and stays in that state until the wishlist holds the product (or the add fails), so it never
 * offers to add what it has just added.
 */
function useWishlistToggle(product: Product) {
  // Only whether this product is in it: a control is not drawn again when the wishlist is being asked
  // for (after a server-drawn page of cards hydrates, every card at once) or another item changes.
  const { inWishlist } = useGetWishlistQuery(undefined, {
    selectFromResult: useCallback(({ data }: { data?: readonly { id: string }[] }) => ({ inWishlist: data?.some((item) => item.id === product.id) ?? false }), [product.id]),
  });
  const [addToWishlist] = useAddToWishlist();
  const [removeFromWishlist, { isLoading: removing }] = useRemoveFromWishlist();
  const [addAsked, setAddAsked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Done adding once the wishlist holds the product: a later removal shows "Add to Wishlist" again.
  if (addAsked && inWishlist) setAddAsked(false);
  const adding = addAsked && !inWishlist;

  const toggle = () => {
    if (inWishlist) {
      void removeFromWishlist(product);
      return;
    }
    setAddAsked(true);
    timer.current = setTimeout(() => {
      void addToWishlist(product).then((added) => {
        if (!added) setAddAsked(false);
      });
    }, WISHLIST_ADD_DELAY_MS);
  };
  return { inWishlist, adding, removing, toggle };
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
      <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * The wishlist control other remotes' pages embed. On a card: a heart, filled and pressed when the
 * product is in the wishlist, a spinner while adding or removing. On the product page: "Go to
 * Wishlist" when it is in (a click removes it), otherwise "Add to Wishlist", "Adding…" for its second.
 */
export function WishlistToggle({ product, place }: WishlistToggleProps) {
  const { inWishlist, adding, removing, toggle } = useWishlistToggle(product);
  if (place === 'card') {
    const busy = adding || removing;
    return (
      <button
        type="button"
        className={`crt-wish-heart${inWishlist ? ' crt-wish-heart--on' : ''}`}
        aria-label={inWishlist ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
        aria-pressed={inWishlist}
        aria-busy={busy}
        disabled={busy}
        onClick={toggle}
      >
        {busy ? <span className="crt-wish-spinner" aria-hidden="true" /> : <HeartIcon filled={inWishlist} />}
      </button>
    );
  }
  if (inWishlist) {
    return (
      <button type="button" className="sf-button sf-button--ghost" disabled={removing} onClick={toggle}>
        Go to Wishlist
      </button>
    );
  }
  return (
    <button type="button" className="sf-button sf-button--ghost" aria-busy={adding} disabled={adding} onClick={toggle}>
      {adding ? 'Adding…' : 'Add to Wishlist'}
    </button>
  );
}
