import { fromCents, toCents } from './money';

/** The flat delivery charge, added when the shopper chooses delivery. */
export const DELIVERY_FEE = 99.99;

export interface PricedLine {
  price: number;
  qty: number;
}

export function cartSubtotal(items: readonly PricedLine[]): number {
  return fromCents(items.reduce((sum, item) => sum + toCents(item.price) * item.qty, 0));
}

/** Sum of price times quantity, plus the flat delivery fee when `withDelivery` is set. */
export function cartTotal(items: readonly PricedLine[], withDelivery = false): number {
  const subtotal = toCents(cartSubtotal(items));
  return fromCents(subtotal + (withDelivery ? toCents(DELIVERY_FEE) : 0));
}

/** The number on the cart badge: the sum of quantities. */
export function cartCount(items: readonly { qty: number }[]): number {
  return items.reduce((sum, item) => sum + item.qty, 0);
}
