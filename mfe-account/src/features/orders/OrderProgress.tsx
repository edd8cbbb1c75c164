import type { Order } from '@storefront/shared';
import { ORDER_STATUS_LABELS } from '@storefront/shared/domain';
import { formatOrderDateTime } from './orderDates';

/**
 * Where a shopper's order is: its state in their words, by when to pay an EFT order (it expires
 * unpaid after that), and the courier's tracking number once it has left.
 */
export function OrderProgress({ order }: { order: Pick<Order, 'number' | 'status' | 'payment_method' | 'pay_by' | 'tracking_number'> }) {
  const payBy = order.status === 'awaiting_payment' && order.payment_method === 'eft' ? order.pay_by : null;
  return (
    <div className="acc-progress">
      <p className="acc-progress__state">
        State: <strong data-testid="order-state">{ORDER_STATUS_LABELS[order.status]}</strong>
      </p>
      {payBy && (
        <p className="sf-form-note">
          Please pay by <time dateTime={payBy}>{formatOrderDateTime(payBy)}</time>, with <strong>{order.number}</strong> as the payment
          reference: an order still unpaid then expires.
        </p>
      )}
      {order.tracking_number && (
        <p>
          Tracking number: <strong data-testid="tracking-number">{order.tracking_number}</strong>
        </p>
      )}
    </div>
  );
}
