import { Link, Skeleton, useGetOrderQuery, useParams } from '@storefront/shared';
import { OrderHistory } from '../orders/OrderHistory';
import { OrderLines } from '../orders/OrderLines';
import { OrderProgress } from '../orders/OrderProgress';

/** One of the shopper's orders: where it is, what happened to it so far, its lines and totals. */
export function OrderDetail() {
  const { id = '' } = useParams();
  const { data: order, isLoading, isError } = useGetOrderQuery(id);
  if (isLoading) return <Skeleton height="200px" />;
  if (isError || !order) {
    return (
      <div className="sf-notice">
        <p>We couldn’t find that order.</p>
        <Link to="/account/orders">Back to your orders</Link>
      </div>
    );
  }
  return (
    <section className="acc-card" aria-labelledby="order-title">
      <h2 id="order-title">Order {order.number}</h2>
      <OrderProgress order={order} />
      <OrderHistory events={order.history} headingId="order-history-title" />
      <OrderLines order={order} />
      <Link to="/account/orders">Back to your orders</Link>
    </section>
  );
}
