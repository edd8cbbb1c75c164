import { Link, Skeleton, toast, useLocation, useParams, type OperatorOrder, type OrderStatus } from '@storefront/shared';
import { ORDER_STATUS_LABELS } from '@storefront/shared/domain';
import { useEffect, useRef, useState } from 'react';
import { formatOrderDateTime } from '../orders/orderDates';
import { OrderHistory } from '../orders/OrderHistory';
import { OrderLines } from '../orders/OrderLines';
import { movedMessage } from './moveText';
import { accessProblem, OperatorAccessNotice } from './OperatorAccess';
import { OrderMoves } from './OrderMoves';
import { useGetOperatorOrderQuery } from './operatorApi';

/** The list's filter the operator came from (OperatorOrderList passes it), so "All orders" goes back to it. */
function listSearchFrom(state: unknown): string {
  const list = typeof state === 'object' && state !== null ? (state as { list?: unknown }).list : undefined;
  return typeof list === 'string' && (list === '' || list.startsWith('?')) ? list : '';
}

function httpStatus(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
}

function OrderFacts({ order }: { order: OperatorOrder }) {
  const { contact, address } = order;
  return (
    <div className="op-detail__side">
      <section className="acc-card" aria-labelledby="op-customer-title">
        <h2 id="op-customer-title">Customer</h2>
        <address className="acc-address">
          <span>
            {contact.first_name} {contact.last_name}
          </span>
          {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
          {contact.phone && <a href={`tel:${contact.phone}`}>{contact.phone}</a>}
        </address>
      </section>
      <section className="acc-card" aria-labelledby="op-delivery-title">
        <h2 id="op-delivery-title">{address ? 'Delivery' : 'Collect in store'}</h2>
        {address ? (
          <address className="acc-address">
            <span>{address.street}</span>
            {address.suburb && <span>{address.suburb}</span>}
            <span>
              {address.city}, {address.postal_code}
            </span>
            <span>{address.province}</span>
          </address>
        ) : (
          <p className="acc-muted">The shopper collects it at the shop.</p>
        )}
        {/* Only a delivered order goes with a courier. */}
        {order.delivery_method === 'delivery' && (
          <p>
            Tracking number: {order.tracking_number ? <strong data-testid="tracking-number">{order.tracking_number}</strong> : <span className="acc-muted">none</span>}
          </p>
        )}
      </section>
      <section className="acc-card" aria-labelledby="op-payment-title">
        <h2 id="op-payment-title">Payment</h2>
        <dl className="op-facts">
          <dt>Method</dt>
          <dd>{order.payment_method === 'eft' ? 'EFT' : `Cash on ${order.delivery_method === 'delivery' ? 'delivery' : 'collection'}`}</dd>
          {order.payment_method === 'eft' && (
            <>
              <dt>Reference</dt>
              <dd data-testid="payment-reference">{order.payment_reference ?? <span className="acc-muted">not paid yet</span>}</dd>
            </>
          )}
          <dt>Paid</dt>
          <dd>{order.paid_at ? <time dateTime={order.paid_at}>{formatOrderDateTime(order.paid_at)}</time> : <span className="acc-muted">not yet</span>}</dd>
          {order.pay_by && order.status === 'awaiting_payment' && (
            <>
              <dt>Expires</dt>
              <dd>
                <time dateTime={order.pay_by}>{formatOrderDateTime(order.pay_by)}</time> unless paid
              </dd>
            </>
          )}
        </dl>
      </section>
    </div>
  );
}

/** /operator/orders/:number: everything about one order, its history, and the moves it allows now. */
export function OperatorOrderDetail() {
  const { number = '' } = useParams();
  const { state } = useLocation();
  const backTo = `/operator${listSearchFrom(state)}`;
  const { currentData: order, error, isFetching, refetch } = useGetOperatorOrderQuery(number);
  const stateLine = useRef<HTMLParagraphElement>(null);
  // Counts the moves made here: each one takes focus to the order's new state (the pressed button went with the old).
  const [moves, setMoves] = useState(0);
  useEffect(() => {
    if (moves > 0) stateLine.current?.focus();
  }, [moves]);

  const problem = accessProblem(error);
  if (problem) return <OperatorAccessNotice problem={problem} />;
  const back = (
    <p className="op-back">
      <Link to={backTo}>All orders</Link>
    </p>
  );
  if (!order && isFetching) {
    return (
      <div aria-busy="true">
        {back}
        <Skeleton height="36px" width="50%" />
        <Skeleton height="240px" />
      </div>
    );
  }
  if (!order) {
    const unknown = httpStatus(error) === 404 || httpStatus(error) === 400;
    return (
      <>
        {back}
        <h1>Order {number}</h1>
        <div className="sf-notice" role="alert">
          {unknown ? (
            <p>There is no order {number}.</p>
          ) : (
            <>
              <p>We couldn’t load the order just now.</p>
              <button type="button" className="sf-button" onClick={() => void refetch()}>
                Try again
              </button>
            </>
          )}
        </div>
      </>
    );
  }

  const moved = (to: OrderStatus) => {
    toast.success(movedMessage(order.number, to));
    setMoves((count) => count + 1);
  };

  return (
    <>
      {back}
      <h1>Order {order.number}</h1>
      <p ref={stateLine} className="op-state" tabIndex={-1}>
        State: <strong data-testid="order-state">{ORDER_STATUS_LABELS[order.status]}</strong>
        <span className="acc-muted">
          {' '}
          · placed <time dateTime={order.created_at}>{formatOrderDateTime(order.created_at)}</time>
        </span>
      </p>
      <div className="op-detail">
        <div className="op-detail__main">
          <OrderMoves order={order} onMoved={moved} />
          <section className="acc-card" aria-labelledby="op-items-title">
            <h2 id="op-items-title">Items</h2>
            <OrderLines order={order} />
          </section>
          <div className="acc-card">
            <OrderHistory events={order.history} headingId="op-history-title" level={2} />
          </div>
        </div>
        <OrderFacts order={order} />
      </div>
    </>
  );
}
