import { Link, type Order, type OrderStatus } from '@storefront/shared';
import { ORDER_STATUS_LABELS } from '@storefront/shared/domain';
import { useEffect, useRef } from 'react';
import { TotalsList } from '../checkout/TotalsList';
import { OrderLineRow } from './OrderLineRow';
import { PaymentInstructions } from './PaymentInstructions';
import './orderConfirmation.css';

/** Where the confirmation speaks to the shopper more directly than the state's label does. */
const STATUS_TEXT: Partial<Record<OrderStatus, string>> = {
  awaiting_payment: 'Awaiting your EFT payment',
};

/** The confirmation a shopper lands on after checkout: number, how to pay, where it goes, what was bought. */
export function OrderConfirmation({ order }: { order: Order }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new page after the checkout form: screen reader and keyboard users start at its heading.
  useEffect(() => heading.current?.focus(), []);
  const { address, contact } = order;

  return (
    <div className="sf-container chk-page chk-confirmation">
      <h1 ref={heading} tabIndex={-1}>
        Thank you, {contact.first_name}! Your order is placed.
      </h1>
      <p className="chk-order-number">
        Order number <strong data-testid="order-number">{order.number}</strong>
      </p>
      <p>
        Status: <span data-testid="order-status">{STATUS_TEXT[order.status] ?? ORDER_STATUS_LABELS[order.status]}</span>. We will contact you at{' '}
        {contact.email} or {contact.phone} about your order.
      </p>
      <p>
        Follow it any time, with or without an account:{' '}
        <Link to={`/order-status?${new URLSearchParams({ number: order.number }).toString()}`}>Track your order</Link>.
      </p>

      <div className="chk-layout">
        <div className="chk-main">
          <section className="chk-section" aria-labelledby="confirmation-payment">
            <h2 id="confirmation-payment">{order.payment_method === 'eft' ? 'Pay by EFT' : 'Payment'}</h2>
            <PaymentInstructions order={order} />
          </section>
          <section className="chk-section" aria-labelledby="confirmation-delivery">
            <h2 id="confirmation-delivery">{address ? 'Delivery address' : 'Collect in store'}</h2>
            {address ? (
              <address>
                {contact.first_name} {contact.last_name}
                <br />
                {address.street}
                <br />
                {address.suburb}
                <br />
                {address.city}, {address.province}
                <br />
                {address.postal_code}
              </address>
            ) : (
              <p>We will let you know when your order is ready to collect from our store.</p>
            )}
          </section>
        </div>
        <section className="chk-summary" aria-labelledby="confirmation-summary">
          <h2 id="confirmation-summary">Order summary</h2>
          <ul className="crt-lines chk-summary__lines" aria-label="Items in your order">
            {order.lines.map((line) => (
              <OrderLineRow key={line.id} line={line} />
            ))}
          </ul>
          <TotalsList totals={order} deliveryMethod={order.delivery_method} />
          <Link className="sf-button sf-button--ghost chk-place" to="/shop">
            Continue shopping
          </Link>
        </section>
      </div>
    </div>
  );
}
