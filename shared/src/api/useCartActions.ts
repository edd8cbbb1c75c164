import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { cartLineKey } from '../domain/cartLineKey';
import { toast } from '../ui/toasts';
import { emitStorefrontEvent } from '../events';
import type { CartItem, Product } from '../types';
import {
  baseApi,
  useAddToCartMutation,
  useAddToWishlistMutation,
  useRemoveFromCartMutation,
  useRemoveFromWishlistMutation,
  type AddToCartArgs,
} from './baseApi';
import { CART_MESSAGES, MESSAGES } from './messages';

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

const emitItemAdded = (line: CartItem) => emitStorefrontEvent('cart:item-added', { line });
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
  const store = useStore();
  const add = useCallback(
    async (args: AddToCartArgs): Promise<CartItem | undefined> => {
      // What the cart held before, to tell from the api's answer (capped at the stock) what was added.
      const key = cartLineKey(args.product, args.colour?.name, args.size?.name);
      const cart = baseApi.endpoints.getCart.select()(store.getState() as never).data;
      const before = cart?.find((line) => line.id === key)?.qty ?? 0;
      let line: CartItem;
      try {
        line = await addToCart(args).unwrap();
      } catch (cause) {
        console.error(`[storefront] ${MESSAGES.errorAddingToCart}`, cause);
        toast.error(MESSAGES.errorAddingToCart);
        return undefined;
      }
      const added = line.qty - before;
      if (added <= 0) {
        toast.info(CART_MESSAGES.holdsAllStock(args.product.name, line.qty));
        return line;
      }
      toast.success(added < args.qty ? CART_MESSAGES.addedUpToStock(args.product.name, added, line.qty) : `${args.product.name} ${MESSAGES.addedToCart}`);
      emitItemAdded(line);
      return line;
    },
    [addToCart, store],
  );
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
