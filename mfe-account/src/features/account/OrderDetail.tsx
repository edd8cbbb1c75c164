import { formatRand, Link, Skeleton, useGetOrderQuery, useParams } from '@storefront/shared';

/** One of the shopper's orders: its lines and totals. */
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
      <p className="acc-muted acc-status">{order.status.replace(/_/g, ' ')}</p>
      <table className="acc-orders">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">
                {line.name}
                {(line.colour || line.size) && (
                  <span className="acc-muted"> ({[line.colour, line.size?.toUpperCase()].filter(Boolean).join(', ')})</span>
                )}
              </th>
              <td>{line.qty}</td>
              <td>{formatRand(line.price)}</td>
              <td>{formatRand(line.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="acc-totals">
        <dt>Subtotal</dt>
        <dd>{formatRand(order.subtotal)}</dd>
        <dt>Delivery</dt>
        <dd>{formatRand(order.delivery)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{formatRand(order.total)}</strong>
        </dd>
        <dt>incl. VAT</dt>
        <dd>{formatRand(order.vat)}</dd>
      </dl>
      <Link to="/account/orders">Back to your orders</Link>
    </section>
  );
}
