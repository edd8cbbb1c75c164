import { useAddToWishlist, useGetWishlistQuery, useRemoveFromWishlist, type Product } from '@storefront/shared';
import { useEffect, useRef, useState } from 'react';

/** §4 and §9: the loading state shows for a second before the product is added. */
export const WISHLIST_ADD_DELAY_MS = 1000;

/**
 * In the wishlist: "Go to Wishlist", and a click removes it (§4). Otherwise "Add to Wishlist",
 * which shows its loading state for a second, then adds it.
 */
export function WishlistButton({ product }: { product: Product }) {
  const { data: wishlist } = useGetWishlistQuery();
  const [addToWishlist] = useAddToWishlist();
  const [removeFromWishlist, { isLoading: removing }] = useRemoveFromWishlist();
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const inWishlist = wishlist?.some((item) => item.id === product.id) ?? false;

  if (inWishlist) {
    return (
      <button type="button" className="sf-button sf-button--ghost" disabled={removing} onClick={() => void removeFromWishlist(product)}>
        Go to Wishlist
      </button>
    );
  }
  return (
    <button
      type="button"
      className="sf-button sf-button--ghost"
      aria-busy={waiting}
      disabled={waiting}
      onClick={() => {
        setWaiting(true);
        timer.current = setTimeout(() => {
          void addToWishlist(product).finally(() => setWaiting(false));
        }, WISHLIST_ADD_DELAY_MS);
      }}
    >
      {waiting ? 'Adding…' : 'Add to Wishlist'}
    </button>
  );
}
