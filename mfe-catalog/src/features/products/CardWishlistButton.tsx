import { useAddToWishlist, useGetWishlistQuery, useRemoveFromWishlist, type Product } from '@storefront/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** §4/§9: adding shows its loading state for a second before the item goes in. */
export const WISHLIST_ADD_DELAY_MS = 1000;

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
      <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The card's heart: adds to the wishlist (after the second of §4), or removes when already there. */
export function CardWishlistButton({ product }: { product: Product }) {
  // Only whether this product is in it: a card is not drawn again when the wishlist is being asked
  // for (after a server-drawn page hydrates, every card on the page at once) or another item changes.
  const { inWishlist } = useGetWishlistQuery(undefined, {
    selectFromResult: useCallback(({ data }: { data?: readonly { id: string }[] }) => ({ inWishlist: data?.some((item) => item.id === product.id) ?? false }), [product.id]),
  });
  const [addToWishlist] = useAddToWishlist();
  const [removeFromWishlist, { isLoading: removing }] = useRemoveFromWishlist();
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const busy = waiting || removing;

  const onClick = () => {
    if (inWishlist) {
      void removeFromWishlist(product);
      return;
    }
    setWaiting(true);
    timer.current = setTimeout(() => {
      void addToWishlist(product).finally(() => setWaiting(false));
    }, WISHLIST_ADD_DELAY_MS);
  };

  return (
    <button
      type="button"
      className={`cat-card__icon${inWishlist ? ' cat-card__icon--on' : ''}`}
      aria-label={inWishlist ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
      aria-pressed={inWishlist}
      aria-busy={busy}
      disabled={busy}
      onClick={onClick}
    >
      {busy ? <span className="cat-spinner" aria-hidden="true" /> : <HeartIcon filled={inWishlist} />}
    </button>
  );
}
