import { cartSubtotal, formatRand, Link, MESSAGES, Skeleton, useGetCartQuery } from '@storefront/shared';
import { CartLineRow } from '../features/cart/CartLineRow';
import '../features/cart.css';
import { useRemoveFromCart } from '../features/cart/cartActions';

/** The header's cart dropdown: lines with 78×78 thumbnails, remove, subtotal, View Cart and Checkout. */
export default function CartDropdown({ onClose }: { onClose: () => void }) {
  const { data: cart, isLoading } = useGetCartQuery();
  const [removeFromCart] = useRemoveFromCart();
  if (isLoading) return <Skeleton height="120px" />;
  if (!cart || cart.length === 0) {
    return (
      <div className="crt-dropdown crt-dropdown--empty">
        <p>{MESSAGES.emptyCart}</p>
        <Link className="sf-button sf-button--ghost" to="/shop" onClick={onClose}>
          Start shopping
        </Link>
      </div>
    );
  }
  return (
    <div className="crt-dropdown">
      <ul className="crt-lines" aria-label="Cart">
        {cart.map((line) => (
          <CartLineRow key={line.id} line={line} onNavigate={onClose}>
            <span className="crt-line__qty">
              {line.qty} × {formatRand(line.price)}
            </span>
            <button type="button" className="crt-remove" aria-label={`Remove ${line.name} from cart`} onClick={() => void removeFromCart(line)}>
              Remove
            </button>
          </CartLineRow>
        ))}
      </ul>
      <p className="crt-dropdown__subtotal">
        <span>Subtotal</span> <strong>{formatRand(cartSubtotal(cart))}</strong>
      </p>
      <div className="crt-dropdown__buttons">
        <Link className="sf-button sf-button--ghost" to="/cart" onClick={onClose}>
          View Cart
        </Link>
        <Link className="sf-button" to="/checkout" onClick={onClose}>
          Checkout
        </Link>
      </div>
    </div>
  );
}
