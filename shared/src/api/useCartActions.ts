import { useCallback } from 'react';
import { toast } from '../ui/toasts';
import { emitStorefrontEvent } from '../events';
import type { CartItem, Product } from '../types';
import {
  useAddToCartMutation,
  useAddToWishlistMutation,
  useRemoveFromCartMutation,
  useRemoveFromWishlistMutation,
  type AddToCartArgs,
} from './baseApi';
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

const addedToCart = ({ product }: AddToCartArgs) => `${product.name} ${MESSAGES.addedToCart}`;
const emitItemAdded = (_args: AddToCartArgs, line: CartItem) => emitStorefrontEvent('cart:item-added', { line });
const removedFromCart = (line: CartItem) => `${line.name} ${MESSAGES.removedFromCart}`;
const emitItemRemoved = (line: CartItem) => emitStorefrontEvent('cart:item-removed', { line });
const addedToWishlist = (product: Product) => `${product.name} ${MESSAGES.addedToWishlist}`;
const emitWishlistAdded = (product: Product) => emitStorefrontEvent('wishlist:item-added', { product });
const removedFromWishlist = (product: Product) => `${product.name} ${MESSAGES.removedFromWishlist}`;
const emitWishlistRemoved = (product: Product) =>
  emitStorefrontEvent('wishlist:item-removed', { productId: product.id });

/**
 * The cart and wishlist writes as every remote offers them to shoppers: the mutation, the toast
 * of §8, and an event for whoever shows a mini popup.
 */
export function useAddToCart() {
  const [addToCart, state] = useAddToCartMutation();
  const run = useCallback((args: AddToCartArgs) => addToCart(args).unwrap(), [addToCart]);
  const add = useToastedAction({ run, success: addedToCart, error: MESSAGES.errorAddingToCart, after: emitItemAdded });
  return [add, state] as const;
}

export function useRemoveFromCart() {
  const [removeFromCart, state] = useRemoveFromCartMutation();
  const run = useCallback((line: CartItem) => removeFromCart(line).unwrap(), [removeFromCart]);
  const remove = useToastedAction({
    run,
    success: removedFromCart,
    error: MESSAGES.errorRemovingFromCart,
    after: emitItemRemoved,
  });
  return [remove, state] as const;
}

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
