import { formatRand, type Order } from '@storefront/shared';

type OrderAmounts = Pick<Order, 'lines' | 'subtotal' | 'delivery' | 'vat' | 'total'>;

/**
 * What was bought and what it came to. The table stacks into one block per line on a phone
 * (account.css, .acc-table--stack), so nothing scrolls sideways.
 */
export function OrderLines({ order, caption = 'Items in the order' }: { order: OrderAmounts; caption?: string }) {
  return (
    <>
      <table className="acc-orders acc-table--stack">
        <caption className="sf-visually-hidden">{caption}</caption>
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
              <td data-label="Qty">{line.qty}</td>
              <td data-label="Price">{formatRand(line.price)}</td>
              <td data-label="Total">{formatRand(line.line_total)}</td>
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
    </>
  );
}
