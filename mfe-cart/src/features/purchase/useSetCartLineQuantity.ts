import { CART_MESSAGES, toast, type CartItem } from '@storefront/shared';
import { useCallback } from 'react';
import { useUpdateCartLineMutation } from '../cart/cartApi';

/** The product page's own toasts for "Update cart" (the shop's adds have theirs in shared's CART_MESSAGES). */
export const UPDATE_MESSAGES = {
  updated: (name: string, qty: number) => `Your cart now holds ${qty} × ${name}.`,
  unchanged: (name: string, qty: number) => `Your cart already holds ${qty} × ${name}.`,
  error: 'error updating the cart',
} as const;

/**
 * Sets a cart line to `qty` (the product page's "Update cart", where the page shows the cart's
 * quantity): one PATCH, and a toast saying what the cart now holds. Asking for what it already
 * holds sends nothing.
 */
export function useSetCartLineQuantity() {
  const [updateCartLine, state] = useUpdateCartLineMutation();
  const set = useCallback(
    async ({ line, qty, stock }: { line: CartItem; qty: number; stock: number }): Promise<CartItem | undefined> => {
      if (qty === line.qty) {
        toast.info(qty >= stock ? CART_MESSAGES.holdsAllStock(line.name, qty) : UPDATE_MESSAGES.unchanged(line.name, qty));
        return line;
      }
      try {
        const updated = await updateCartLine({ line, qty }).unwrap();
        toast.success(UPDATE_MESSAGES.updated(line.name, updated.qty));
        return updated;
      } catch (cause) {
        console.error(`[storefront] ${UPDATE_MESSAGES.error}`, cause);
        toast.error(UPDATE_MESSAGES.error);
        return undefined;
      }
    },
    [updateCartLine],
  );
  return [set, state] as const;
}
