import type { OrderStatus } from '@storefront/shared';
import { ORDER_STATUS_LABELS } from '@storefront/shared/domain';

/** What an operator's button says for each move: the move, not the state it lands in. */
const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  paid: 'Mark paid',
  packed: 'Mark packed',
  shipped: 'Ship',
  ready_for_collection: 'Mark ready for collection',
  delivered: 'Mark delivered',
  collected: 'Mark collected',
  cancelled: 'Cancel the order',
};

export function moveLabel(to: OrderStatus): string {
  return MOVE_LABELS[to] ?? `Move to ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
}

/** The toast after a move: "JAC-2026-000123 is now shipped." */
export function movedMessage(number: string, to: OrderStatus): string {
  return `${number} is now ${ORDER_STATUS_LABELS[to].toLowerCase()}.`;
}
