import { Link, MESSAGES, Price, ProductImage, Skeleton, useGetWishlistQuery } from '@storefront/shared';
import { productPath } from '../features/cart/CartLineRow';
import '../features/cart.css';
import { useAddToCart } from '../features/cart/cartActions';
import { useRemoveFromWishlist } from '../features/wishlist/wishlistActions';

/** The header's wishlist dropdown: the products, with remove and add to cart, and the way to the wishlist page. */
export default function WishlistDropdown({ onClose }: { onClose: () => void }) {
  const { data: wishlist, isLoading } = useGetWishlistQuery();
  const [removeFromWishlist] = useRemoveFromWishlist();
  const [addToCart] = useAddToCart();
  if (isLoading) return <Skeleton height="120px" />;
  if (!wishlist || wishlist.length === 0) {
    return (
      <div className="crt-dropdown crt-dropdown--empty">
        <p>{MESSAGES.emptyWishlist}</p>
      </div>
    );
  }
  return (
    <div className="crt-dropdown">
      <ul className="crt-lines" aria-label="Wishlist">
        {wishlist.map((product) => (
          <li key={product.id} className="crt-line" data-testid="wishlist-line">
            <Link to={productPath(product)} onClick={onClose} className="crt-line__thumb" tabIndex={-1} aria-hidden="true">
              <ProductImage picture={product.small_pictures[0]} alt="" width={78} height={78} />
            </Link>
            <div className="crt-line__info">
              <Link to={productPath(product)} onClick={onClose} className="crt-line__name">
                {product.name}
              </Link>
              <Price product={product} />
              <span className="crt-line__actions">
                {product.has_variants ? (
                  <Link to={productPath(product)} onClick={onClose}>
                    Choose options
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="crt-link-button"
                    disabled={product.out_of_stock}
                    onClick={() => void addToCart({ product, qty: 1 })}
                  >
                    {product.out_of_stock ? 'Out of stock' : 'Add to cart'}
                  </button>
                )}
                <button type="button" className="crt-remove" aria-label={`Remove ${product.name} from wishlist`} onClick={() => void removeFromWishlist(product)}>
                  Remove
                </button>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <Link className="sf-button sf-button--ghost crt-dropdown__view" to="/wishlist" onClick={onClose}>
        View Wishlist
      </Link>
    </div>
  );
}
