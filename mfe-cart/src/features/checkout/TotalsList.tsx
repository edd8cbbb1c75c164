import { formatRand, type DeliveryMethod, type OrderTotals } from '@storefront/shared';

/** Subtotal, delivery, total and the VAT the total includes, as the checkout and the confirmation print them. */
export function TotalsList({ totals, deliveryMethod }: { totals: OrderTotals; deliveryMethod: DeliveryMethod }) {
  return (
    <dl className="chk-totals">
      <dt>Subtotal</dt>
      <dd data-testid="order-subtotal">{formatRand(totals.subtotal)}</dd>
      <dt>{deliveryMethod === 'delivery' ? 'Delivery' : 'Collect in store'}</dt>
      <dd data-testid="order-delivery">{totals.delivery > 0 ? formatRand(totals.delivery) : 'Free'}</dd>
      <dt className="chk-totals__total">Total</dt>
      <dd className="chk-totals__total" data-testid="order-total">
        {formatRand(totals.total)}
      </dd>
      <dt className="chk-totals__vat">incl. VAT (15%)</dt>
      <dd className="chk-totals__vat" data-testid="order-vat">
        {formatRand(totals.vat)}
      </dd>
    </dl>
  );
}
