import { Link, useSearchParams, type LookedUpOrder } from '@storefront/shared';
import { useEffect, useRef, useState } from 'react';
import { OrderLookupForm } from '../features/lookup/OrderLookupForm';
import { OrderHistory } from '../features/orders/OrderHistory';
import { OrderLines } from '../features/orders/OrderLines';
import { OrderProgress } from '../features/orders/OrderProgress';
import '../features/account.css';

/**
 * Where the order goes and the number the shop rings, as far as a look-up tells them: the town and
 * the phone's last digits. Anyone who knows an email could try order numbers in turn, so the rest
 * stays in the confirmation mail and the shopper's account.
 */
function DeliveryFacts({ order }: { order: Pick<LookedUpOrder, 'address' | 'contact'> }) {
  return (
    <>
      <dl className="acc-facts">
        {order.address ? (
          <>
            <dt>Delivery to</dt>
            <dd>{order.address.city}</dd>
          </>
        ) : (
          <>
            <dt>Collection</dt>
            <dd>In store</dd>
          </>
        )}
        <dt>Phone</dt>
        <dd>Ending {order.contact.phone_ending}</dd>
      </dl>
      <p className="acc-muted acc-facts__note">
        To keep your details private, only the town and the last digits of your phone number are shown here. Your order confirmation mail has them in
        full.
      </p>
    </>
  );
}

function FoundOrder({ order }: { order: LookedUpOrder }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The answer appears below the form: screen reader and keyboard users are taken to it.
  useEffect(() => heading.current?.focus(), [order]);
  return (
    <section className="acc-card acc-lookup__order" aria-labelledby="lookup-order-title">
      <h2 id="lookup-order-title" ref={heading} tabIndex={-1}>
        Order {order.number}
      </h2>
      <OrderProgress order={order} />
      <DeliveryFacts order={order} />
      <OrderHistory events={order.history} headingId="lookup-history-title" />
      <OrderLines order={order} />
    </section>
  );
}

/**
 * /order-status: anyone, signed in or not, follows an order with its number and the email it
 * was placed with. The address may carry the number (?number=), never the email.
 */
export default function OrderLookupPage() {
  const [params, setParams] = useSearchParams();
  // The form starts from the address's number once; writing the found number back does not restart it.
  const [initialNumber] = useState(() => params.get('number') ?? '');
  const [order, setOrder] = useState<LookedUpOrder | null>(null);
  return (
    <div className="sf-container acc-page acc-lookup">
      <h1>Track an order</h1>
      <div className="acc-lookup__layout">
        <div className="acc-lookup__form">
          <p className="acc-intro">Enter your order number and the email address you placed the order with.</p>
          <OrderLookupForm
            initialNumber={initialNumber}
            onFound={(found) => {
              setOrder(found);
              // A reload or a bookmark keeps the number; the email stays out of the address (history, logs, referrers).
              setParams({ number: found.number }, { replace: true });
            }}
          />
          <p className="acc-muted">
            Have an account? <Link to="/account/orders">See your orders</Link>
          </p>
        </div>
        {order && <FoundOrder order={order} />}
      </div>
    </div>
  );
}
