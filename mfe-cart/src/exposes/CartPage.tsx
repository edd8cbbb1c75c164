import { type CartItem, cartSubtotal, cartTotal, DELIVERY_FEE, formatRand, Link, MESSAGES, QuantityInput, toast, useGetCartQuery, useSearchParams, vatIncluded } from '@storefront/shared';
import { useEffect, useRef, useState } from 'react';
import { CartLineRow } from '../features/cart/CartLineRow';
import '../features/cart.css';
import { useUpdateCartLineMutation } from '../features/cart/cartApi';
import { useRemoveFromCart } from '../features/cart/cartActions';
import { ListLines, ListPage } from '../features/lists/ListPage';

/** Typing "12" is two keystrokes: wait this long after the last one before saving. */
export const QUANTITY_SAVE_DELAY_MS = 400;

function CartLineControls({ line }: { line: CartItem }) {
  const [updateCartLine] = useUpdateCartLineMutation();
  const [removeFromCart] = useRemoveFromCart();
  // What the shopper is typing wins over the cart while it is being saved.
  const [editing, setEditing] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = (qty: number) => {
    updateCartLine({ line, qty })
      .unwrap()
      .catch((error: unknown) => {
        console.error('[mfe-cart] quantity update failed', error);
        toast.error('error updating the cart');
      })
      .finally(() => setEditing(null));
  };

  return (
    <span className="crt-line__controls">
      <QuantityInput
        label={`Quantity of ${line.name}`}
        value={editing ?? line.qty}
        max={line.available_stock}
        onChange={(qty) => {
          setEditing(qty);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => (qty === line.qty ? setEditing(null) : save(qty)), QUANTITY_SAVE_DELAY_MS);
        }}
      />
      <button type="button" className="crt-remove" aria-label={`Remove ${line.name} from cart`} onClick={() => void removeFromCart(line)}>
        Remove
      </button>
    </span>
  );
}

/**
 * /cart: the lines with quantities, and the totals with delivery and the VAT they include. The
 * delivery choice lives in the URL (`?delivery=collect`), so it survives a reload and goes on to
 * the checkout.
 */
export default function CartPage() {
  const { data: cart, isLoading } = useGetCartQuery();
  const [searchParams, setSearchParams] = useSearchParams();
  const delivery = searchParams.get('delivery') !== 'collect';
  const setDelivery = (deliver: boolean) => {
    const next = new URLSearchParams(searchParams);
    if (deliver) next.delete('delivery');
    else next.set('delivery', 'collect');
    setSearchParams(next, { replace: true });
  };

  return (
    <ListPage title="Cart" lines={cart} isLoading={isLoading} emptyMessage={MESSAGES.emptyCart}>
      {(cart) => {
        const total = cartTotal(cart, delivery);
        return (
          <div className="crt-page__layout">
            <ListLines label="Cart lines">
              {cart.map((line) => (
                <CartLineRow key={line.id} line={line}>
                  <span className="crt-line__unit">{formatRand(line.price)} each</span>
                  <CartLineControls line={line} />
                </CartLineRow>
              ))}
            </ListLines>
            <section className="crt-summary" aria-labelledby="cart-summary-title">
              <h2 id="cart-summary-title">Summary</h2>
              <dl>
                <dt>Subtotal</dt>
                <dd>{formatRand(cartSubtotal(cart))}</dd>
              </dl>
              <fieldset className="crt-summary__delivery">
                <legend>Delivery</legend>
                <label>
                  <input type="radio" name="delivery" checked={delivery} onChange={() => setDelivery(true)} /> Deliver to my door ({formatRand(DELIVERY_FEE)})
                </label>
                <label>
                  <input type="radio" name="delivery" checked={!delivery} onChange={() => setDelivery(false)} /> Collect in store (free)
                </label>
              </fieldset>
              <dl>
                <dt>Total</dt>
                <dd className="crt-summary__total" data-testid="cart-total">
                  {formatRand(total)}
                </dd>
                <dt className="crt-summary__vat">incl. VAT (15%)</dt>
                <dd className="crt-summary__vat">{formatRand(vatIncluded(total))}</dd>
              </dl>
              <Link className="sf-button crt-summary__checkout" to={delivery ? '/checkout' : '/checkout?delivery=collect'}>
                Proceed to checkout
              </Link>
              <Link to="/shop">Continue shopping</Link>
            </section>
          </div>
        );
      }}
    </ListPage>
  );
}
