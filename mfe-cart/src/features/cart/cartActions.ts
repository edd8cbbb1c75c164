/**
 * Adding to the cart and removing a line as the cart's controls offer them to shoppers: the write,
 * its toast (added, added up to the stock, already holding all the stock, removed, or the error),
 * and an event for the added-to-cart popup and anyone else listening.
 */
import { CART_MESSAGES, cartLineKey, emitStorefrontEvent, MESSAGES, toast, useAppStore, baseApi, type CartItem } from '@storefront/shared';
import { useCallback } from 'react';
import { useAddToCartMutation, useRemoveFromCartMutation, type AddToCartArgs } from './cartApi';

const emitItemAdded = (line: CartItem) => emitStorefrontEvent('cart:item-added', { line });
const removedFromCart = (line: CartItem) => `${line.name} ${MESSAGES.removedFromCart}`;
const emitItemRemoved = (line: CartItem) => emitStorefrontEvent('cart:item-removed', { line });

export function useAddToCart() {
  const [addToCart, state] = useAddToCartMutation();
  const store = useAppStore();
  const add = useCallback(
    async (args: AddToCartArgs): Promise<CartItem | undefined> => {
      // What the cart held before, to tell from the api's answer (capped at the stock) what was added.
      const key = cartLineKey(args.product, args.colour?.name, args.size?.name);
      const cart = baseApi.endpoints.getCart.select()(store.getState()).data;
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
  const remove = useCallback(
    async (line: CartItem): Promise<CartItem | undefined> => {
      try {
        const removed = await removeFromCart(line).unwrap();
        toast.success(removedFromCart(line));
        emitItemRemoved(line);
        return removed;
      } catch (cause) {
        console.error(`[storefront] ${MESSAGES.errorRemovingFromCart}`, cause);
        toast.error(MESSAGES.errorRemovingFromCart);
        return undefined;
      }
    },
    [removeFromCart],
  );
  return [remove, state] as const;
}
