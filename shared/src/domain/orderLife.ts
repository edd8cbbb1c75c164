import type { DeliveryMethod, OrderStatus, PaymentMethod } from '../types/order';

/**
 * An order's life. EFT orders start awaiting payment; cash orders start placed (the cash is taken
 * at the door or the counter). Then: paid (EFT) → packed → shipped (delivery) or ready for
 * collection (collect) → delivered or collected. Before it leaves the shop (shipped or collected)
 * an order can be cancelled; an unpaid EFT order expires after the shop's payment window.
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'placed',
  'paid',
  'packed',
  'shipped',
  'ready_for_collection',
  'delivered',
  'collected',
  'cancelled',
  'expired',
] as const satisfies readonly OrderStatus[];

/** What a shopper reads for each state. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  placed: 'Placed',
  paid: 'Paid',
  packed: 'Packed',
  shipped: 'Shipped',
  ready_for_collection: 'Ready for collection',
  delivered: 'Delivered',
  collected: 'Collected',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** States an order ends in: nothing moves it on. */
const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['delivered', 'collected', 'cancelled', 'expired'];

/** States whose order still holds its stock and can be cancelled (it has not left the shop). */
const CANCELLABLE: readonly OrderStatus[] = ['awaiting_payment', 'placed', 'paid', 'packed', 'ready_for_collection'];

/** The order, as far as its moves depend on it. */
export interface OrderForMoves {
  status: OrderStatus;
  delivery_method: DeliveryMethod;
  payment_method: PaymentMethod;
}

/**
 * The states `order` may move to by an operator's hand (or the command line). Expiry is the
 * shop's own doing (the payment window), never an operator's: an operator cancels.
 */
export function nextOrderStatuses(order: OrderForMoves): OrderStatus[] {
  const next: OrderStatus[] = [];
  switch (order.status) {
    case 'awaiting_payment':
      next.push('paid');
      break;
    case 'placed':
    case 'paid':
      next.push('packed');
      break;
    case 'packed':
      next.push(order.delivery_method === 'delivery' ? 'shipped' : 'ready_for_collection');
      break;
    case 'shipped':
      next.push('delivered');
      break;
    case 'ready_for_collection':
      next.push('collected');
      break;
    default:
      break;
  }
  if (CANCELLABLE.includes(order.status)) next.push('cancelled');
  return next;
}

/** Why `order` cannot move to `to`, in an operator's words; null when it can. */
export function refusedOrderMove(order: OrderForMoves, to: OrderStatus): string | null {
  if (to === order.status) return `The order is already ${ORDER_STATUS_LABELS[to].toLowerCase()}.`;
  if (nextOrderStatuses(order).includes(to)) return null;
  if (FINAL_ORDER_STATUSES.includes(order.status)) {
    return `The order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: nothing moves it on.`;
  }
  if (to === 'expired') return 'Only an unpaid EFT order expires, and only once its payment window has passed: cancel it instead.';
  if (to === 'cancelled') return 'The order has left the shop and can no longer be cancelled.';
  if (to === 'shipped' && order.delivery_method === 'collect') return 'The shopper collects this order: mark it ready for collection.';
  if (to === 'ready_for_collection' && order.delivery_method === 'delivery') return 'This order is delivered: mark it shipped.';
  if (to === 'paid' && order.payment_method === 'cod') return 'A cash order is paid when it is delivered or collected.';
  const allowed = nextOrderStatuses(order).map((status) => ORDER_STATUS_LABELS[status].toLowerCase());
  return `An order that is ${ORDER_STATUS_LABELS[order.status].toLowerCase()} can only be ${allowed.join(' or ')}.`;
}

/** The longest payment reference, tracking number and cancellation reason an operator may give. */
export const ORDER_NOTE_LIMITS = { reference: 100, tracking: 100, reason: 500 } as const;
