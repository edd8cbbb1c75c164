import { type CartItem, formatRand, Link } from '@storefront/shared';
import { orderTotals } from '@storefront/shared/domain';
import { useField } from 'react-final-form';
import { CartLineRow } from '../cart/CartLineRow';
import type { CheckoutValues } from './checkoutValues';
import { TotalsList } from './TotalsList';

/**
 * The order as it will be placed: the cart's lines and the totals for the delivery chosen in the
 * form. The api prices the order again from the catalogue; this is what the shopper agrees to.
 */
export function CheckoutSummary({ cart }: { cart: readonly CartItem[] }) {
  const {
    input: { value: deliveryMethod },
  } = useField<CheckoutValues['delivery_method']>('delivery_method', { subscription: { value: true } });
  const method = deliveryMethod === 'collect' ? 'collect' : 'delivery';
  return (
    <>
      <ul className="crt-lines chk-summary__lines" aria-label="Items in your order">
        {cart.map((line) => (
          <CartLineRow key={line.id} line={line}>
            <span className="crt-line__qty">
              {line.qty} × {formatRand(line.price)}
            </span>
            {line.qty > line.available_stock && (
              <span className="chk-stock-warning">
                Only {line.available_stock} left. <Link to="/cart">Update your cart</Link>
              </span>
            )}
          </CartLineRow>
        ))}
      </ul>
      <TotalsList totals={orderTotals(cart, method)} deliveryMethod={method} />
    </>
  );
}
