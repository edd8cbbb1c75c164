import type { DeliveryMethod } from '../types/order';
import { DELIVERY_FEE, type PricedLine } from './cartTotals';
import { fromCents, toCents } from './money';
import { VAT_RATE } from './vat';

/** The amounts of an order: in whole cents from `orderTotalsInCents`, in Rand from `orderTotals`. */
export interface OrderTotals {
  subtotal: number;
  delivery: number;
  vat: number;
  total: number;
}

/**
 * The totals of an order or a checkout summary, in cents: subtotal of price × qty, the flat delivery fee
 * for delivery (collecting in store is free), total = subtotal + delivery, and the 15% VAT
 * that total includes (prices and the fee are VAT-inclusive).
 */
export function orderTotalsInCents(lines: readonly PricedLine[], method: DeliveryMethod): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + toCents(line.price) * line.qty, 0);
  const delivery = method === 'delivery' ? toCents(DELIVERY_FEE) : 0;
  const total = subtotal + delivery;
  return { subtotal, delivery, vat: Math.round((total * VAT_RATE) / (1 + VAT_RATE)), total };
}

/** The same totals in Rand, as the api answers and the pages print them. */
export function orderTotals(lines: readonly PricedLine[], method: DeliveryMethod): OrderTotals {
  const cents = orderTotalsInCents(lines, method);
  return {
    subtotal: fromCents(cents.subtotal),
    delivery: fromCents(cents.delivery),
    vat: fromCents(cents.vat),
    total: fromCents(cents.total),
  };
}
