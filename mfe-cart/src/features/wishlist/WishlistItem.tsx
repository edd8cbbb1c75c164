import { Link, Price, type Product, ProductImage } from '@storefront/shared';
import { useState } from 'react';
import { productPath } from '../cart/CartLineRow';
import { useAddToCart } from '../cart/cartActions';
import { useRemoveFromWishlist } from './wishlistActions';

/**
 * A wished-for product on the wishlist page. A simple product moves to the cart in one click
 * (added, then taken off the wishlist only once the cart has it); a product with variants needs
 * its colour and size chosen on its own page first.
 */
export function WishlistItem({ product }: { product: Product }) {
  const [addToCart] = useAddToCart();
  const [removeFromWishlist] = useRemoveFromWishlist();
  const [moving, setMoving] = useState(false);
  const soldOut = product.out_of_stock || product.available_stock < 1;

  const moveToCart = async () => {
    setMoving(true);
    const line = await addToCart({ product, qty: 1 });
    if (line) await removeFromWishlist(product);
    setMoving(false);
  };

  return (
    <li className="crt-line" data-testid="wishlist-line">
      <Link to={productPath(product)} className="crt-line__thumb" tabIndex={-1} aria-hidden="true">
        <ProductImage picture={product.small_pictures[0]} alt="" width={78} height={78} />
      </Link>
      <div className="crt-line__info">
        <Link to={productPath(product)} className="crt-line__name">
          {product.name}
        </Link>
        <Price product={product} />
        <span className={soldOut ? 'wsh-stock wsh-stock--out' : 'wsh-stock'}>{soldOut ? 'Out of stock' : 'In stock'}</span>
        <span className="crt-line__actions">
          {product.has_variants ? (
            <Link className="sf-button sf-button--ghost" to={productPath(product)}>
              Choose options
            </Link>
          ) : (
            <button
              type="button"
              className="sf-button"
              disabled={soldOut || moving}
              aria-label={`Move to cart: ${product.name}`}
              onClick={() => void moveToCart()}
            >
              {moving ? 'Moving…' : 'Move to cart'}
            </button>
          )}
          <button type="button" className="crt-remove" aria-label={`Remove ${product.name} from wishlist`} onClick={() => void removeFromWishlist(product)}>
            Remove
          </button>
        </span>
      </div>
    </li>
  );
}
