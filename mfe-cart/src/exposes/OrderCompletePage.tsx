import { Link, Skeleton, skipToken, useGetOrderQuery, useParams } from '@storefront/shared';
import { BackToShopNotice } from '../features/lists/BackToShopNotice';
import { OrderConfirmation } from '../features/orders/OrderConfirmation';
import '../features/cart.css';
import '../features/checkout/checkout.css';

function isNotFound(error: unknown): boolean {
  // 400 is a malformed id: as much "no such order" to the shopper as a 404.
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return status === 404 || status === 400;
}

/** /checkout/complete/{id}: the shopper's own order after checkout; anyone else's is not found. */
export default function OrderCompletePage() {
  const { id } = useParams();
  const { data: order, error, isLoading, isFetching, refetch } = useGetOrderQuery(id ?? skipToken);

  if (isLoading) {
    return (
      <div className="sf-container chk-page" aria-busy="true">
        <Skeleton height="40px" width="60%" />
        <Skeleton height="240px" />
      </div>
    );
  }
  if (order) return <OrderConfirmation order={order} />;
  if (!id || isNotFound(error)) {
    return (
      <div className="sf-container chk-page">
        <h1>Order not found</h1>
        <BackToShopNotice>
          <p>We could not find that order. Orders can only be seen here in the browser they were placed in.</p>
          <p>
            <Link to="/order-status">Track an order</Link> with its number and your email address instead.
          </p>
        </BackToShopNotice>
      </div>
    );
  }
  return (
    <div className="sf-container chk-page">
      <h1>Your order</h1>
      <div className="sf-notice" role="alert">
        <p>We could not load your order just now. It has not been lost.</p>
        <button type="button" className="sf-button" disabled={isFetching} onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    </div>
  );
}
