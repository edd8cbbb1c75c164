import { formatRand, Link, Skeleton, useGetOrdersQuery } from '@storefront/shared';
import { ORDER_STATUS_LABELS } from '@storefront/shared/domain';
import { formatOrderDate } from '../orders/orderDates';

/** Order history, newest first; `limit` shows only the latest few (the dashboard). */
export function OrdersSection({ limit }: { limit?: number }) {
  const { data: orders, isLoading, isError, refetch } = useGetOrdersQuery();
  const shown = limit ? orders?.slice(0, limit) : orders;
  let body;
  if (isLoading) body = <Skeleton height="96px" />;
  else if (isError || !shown) {
    body = (
      <div className="sf-notice" role="alert">
        <p>We couldn’t load your orders.</p>
        <button type="button" className="sf-button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <p className="acc-muted">
        No orders yet. <Link to="/shop">Start shopping</Link>
      </p>
    );
  } else {
    body = (
      <table className="acc-orders acc-table--stack">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <Link to={`/account/orders/${encodeURIComponent(order.id)}`}>{order.number}</Link>
              </th>
              <td data-label="Date">{formatOrderDate(order.created_at)}</td>
              <td data-label="Status">{ORDER_STATUS_LABELS[order.status]}</td>
              <td data-label="Total">{formatRand(order.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <section className="acc-card" aria-labelledby="orders-title">
      <h2 id="orders-title">{limit ? 'Recent orders' : 'Orders'}</h2>
      {body}
      {limit && orders && orders.length > limit && <Link to="/account/orders">All orders</Link>}
    </section>
  );
}
