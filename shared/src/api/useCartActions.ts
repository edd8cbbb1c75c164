/**
 * The wishlist's writes as every remote offers them to shoppers (the catalog's hearts, the product
 * page's button, the cart team's wishlist): the write, its toast, and an event. The cart's own
 * writes are the cart team's (mfe-cart's cartActions).
 */
import { useCallback } from 'react';
import { toast } from '../ui/toasts';
import { emitStorefrontEvent } from '../events';
import type { Product } from '../types';
import { useAddToWishlistMutation, useRemoveFromWishlistMutation } from './baseApi';
import { MESSAGES } from './messages';

interface ToastedAction<Arg, Result> {
  run: (arg: Arg) => Promise<Result>;
  success: (arg: Arg) => string;
  error: string;
  after: (arg: Arg, result: Result) => void;
}

/** Runs a write, then shows the success or error toast of §8; resolves undefined when refused. */
function useToastedAction<Arg, Result>({ run, success, error, after }: ToastedAction<Arg, Result>) {
  return useCallback(
    async (arg: Arg): Promise<Result | undefined> => {
      try {
        const result = await run(arg);
        toast.success(success(arg));
        after(arg, result);
        return result;
      } catch (cause) {
        console.error(`[storefront] ${error}`, cause);
        toast.error(error);
        return undefined;
      }
    },
    [run, success, error, after],
  );
}

const addedToWishlist = (product: Product) => `${product.name} ${MESSAGES.addedToWishlist}`;
const emitWishlistAdded = (product: Product) => emitStorefrontEvent('wishlist:item-added', { product });
const removedFromWishlist = (product: Product) => `${product.name} ${MESSAGES.removedFromWishlist}`;
const emitWishlistRemoved = (product: Product) =>
  emitStorefrontEvent('wishlist:item-removed', { productId: product.id });

/** Adds a product to the wishlist, with the success or error toast, and tells whoever listens. */
export function useAddToWishlist() {
  const [addToWishlist, state] = useAddToWishlistMutation();
  const run = useCallback((product: Product) => addToWishlist(product).unwrap(), [addToWishlist]);
  const add = useToastedAction({
    run,
    success: addedToWishlist,
    error: MESSAGES.errorAddingToWishlist,
    after: emitWishlistAdded,
  });
  return [add, state] as const;
}

export function useRemoveFromWishlist() {
  const [removeFromWishlist, state] = useRemoveFromWishlistMutation();
  const run = useCallback((product: Product) => removeFromWishlist(product.id).unwrap(), [removeFromWishlist]);
  const remove = useToastedAction({
    run,
    success: removedFromWishlist,
    error: MESSAGES.errorRemovingFromWishlist,
    after: emitWishlistRemoved,
  });
  return [remove, state] as const;
}
