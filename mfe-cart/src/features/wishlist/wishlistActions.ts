/**
 * Adding to the wishlist and removing from it as the cart's controls offer them to shoppers (the
 * hearts on product cards, the product page's button, the wishlist page and dropdown): the write,
 * its success or error toast, and an event for the wishlist popup and anyone else listening.
 */
import { emitStorefrontEvent, MESSAGES, toast, type Product } from '@storefront/shared';
import { useCallback } from 'react';
import { useAddToWishlistMutation, useRemoveFromWishlistMutation } from './wishlistApi';

/** Runs a write, then shows its success toast and tells listeners, or shows the error toast; resolves undefined when refused. */
function useToasted(run: (product: Product) => Promise<Product>, success: (product: Product) => string, error: string, after: (product: Product) => void) {
  return useCallback(
    async (product: Product): Promise<Product | undefined> => {
      let result: Product;
      try {
        result = await run(product);
      } catch (cause) {
        console.error(`[storefront] ${error}`, cause);
        toast.error(error);
        return undefined;
      }
      toast.success(success(product));
      after(product);
      return result;
    },
    [run, success, error, after],
  );
}

const addedToWishlist = (product: Product) => `${product.name} ${MESSAGES.addedToWishlist}`;
const emitWishlistAdded = (product: Product) => emitStorefrontEvent('wishlist:item-added', { product });
const removedFromWishlist = (product: Product) => `${product.name} ${MESSAGES.removedFromWishlist}`;
const emitWishlistRemoved = (product: Product) => emitStorefrontEvent('wishlist:item-removed', { productId: product.id });

/** Adds a product to the wishlist, with the success or error toast, and tells whoever listens. */
export function useAddToWishlist() {
  const [addToWishlist, state] = useAddToWishlistMutation();
  const run = useCallback((product: Product) => addToWishlist(product).unwrap(), [addToWishlist]);
  return [useToasted(run, addedToWishlist, MESSAGES.errorAddingToWishlist, emitWishlistAdded), state] as const;
}

/** Removes a product from the wishlist by its id, with the success or error toast, and tells whoever listens. */
export function useRemoveFromWishlist() {
  const [removeFromWishlist, state] = useRemoveFromWishlistMutation();
  const run = useCallback((product: Product) => removeFromWishlist(product.id).unwrap(), [removeFromWishlist]);
  return [useToasted(run, removedFromWishlist, MESSAGES.errorRemovingFromWishlist, emitWishlistRemoved), state] as const;
}
