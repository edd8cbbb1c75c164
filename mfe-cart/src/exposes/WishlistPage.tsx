import { Link, MESSAGES, Skeleton, useGetWishlistQuery } from '@storefront/shared';
import { WishlistItem } from '../features/wishlist/WishlistItem';
import '../features/cart.css';

/** /wishlist: what the shopper keeps for later, to move to the cart or remove. */
export default function WishlistPage() {
  const { data: wishlist, isLoading } = useGetWishlistQuery();

  if (isLoading) {
    return (
      <div className="sf-container crt-page" aria-busy="true">
        <h1>Wishlist</h1>
        <Skeleton height="96px" />
        <Skeleton height="96px" />
      </div>
    );
  }
  if (!wishlist || wishlist.length === 0) {
    return (
      <div className="sf-container crt-page">
        <h1>Wishlist</h1>
        <div className="sf-notice">
          <p>{MESSAGES.emptyWishlist}</p>
          <Link className="sf-button" to="/shop">
            Continue shopping
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="sf-container crt-page">
      <h1>Wishlist</h1>
      <p>
        {wishlist.length} {wishlist.length === 1 ? 'product' : 'products'} saved for later.
      </p>
      <ul className="crt-lines crt-lines--page" aria-label="Wishlist">
        {wishlist.map((product) => (
          <WishlistItem key={product.id} product={product} />
        ))}
      </ul>
      <p className="wsh-continue">
        <Link to="/shop">Continue shopping</Link>
      </p>
    </div>
  );
}
