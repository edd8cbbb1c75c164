import type { ApiError, InsufficientStockError, ShortLine } from '@storefront/shared';

/** Why an order was not placed, in the terms the checkout shows the shopper. */
export type CheckoutProblem =
  | { kind: 'insufficient_stock'; lines: ShortLine[] }
  | { kind: 'empty_cart' }
  /** The cart changed (in another tab) between the review and the press of Place order; nothing was sent. */
  | { kind: 'cart_changed' }
  /** The api refused what was sent; its message says why. */
  | { kind: 'refused'; message: string }
  /** No answer, or a fault on our side: the order may or may not exist, and retrying is safe. */
  | { kind: 'unconfirmed' };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isInsufficientStock(data: unknown): data is InsufficientStockError {
  return isObject(data) && data.error === 'insufficient_stock' && Array.isArray(data.lines);
}

function isApiError(data: unknown): data is ApiError {
  return isObject(data) && typeof data.error === 'string' && typeof data.message === 'string';
}

/** Reads an RTK Query error (`{ status, data }`) from POST /orders. */
export function checkoutProblem(error: unknown): CheckoutProblem {
  const status = isObject(error) ? error.status : undefined;
  const data = isObject(error) ? error.data : undefined;
  if (typeof status !== 'number' || status >= 500) return { kind: 'unconfirmed' };
  if (status === 409 && isInsufficientStock(data)) return { kind: 'insufficient_stock', lines: data.lines };
  if (status === 400 && isApiError(data) && data.error === 'empty_cart') return { kind: 'empty_cart' };
  return { kind: 'refused', message: isApiError(data) ? data.message : `The shop answered ${status}.` };
}

export function isCheckoutProblem(value: unknown): value is CheckoutProblem {
  return isObject(value) && typeof value.kind === 'string';
}
