import { Link, MESSAGES, useGetWishlistQuery } from '@storefront/shared';
import { WishlistItem } from '../features/wishlist/WishlistItem';
import '../features/cart.css';
import { ListLines, ListPage } from '../features/lists/ListPage';

/** /wishlist: what the shopper keeps for later, to move to the cart or remove. */
export default function WishlistPage() {
  const { data: wishlist, isLoading } = useGetWishlistQuery();

  return (
    <ListPage title="Wishlist" lines={wishlist} isLoading={isLoading} emptyMessage={MESSAGES.emptyWishlist}>
      {(wishlist) => (
        <>
          <p>
            {wishlist.length} {wishlist.length === 1 ? 'product' : 'products'} saved for later.
          </p>
          <ListLines label="Wishlist">
            {wishlist.map((product) => (
              <WishlistItem key={product.id} product={product} />
            ))}
          </ListLines>
          <p className="wsh-continue">
            <Link to="/shop">Continue shopping</Link>
          </p>
        </>
      )}
    </ListPage>
  );
}
