import { Embedded, type Product } from '@storefront/shared';
import type { CartWishlistToggleProps } from '../../embeds';

/**
 * The cart's wishlist button (mfe-cart's WishlistToggle, embedded: the cart team owns the
 * wishlist). A cart that cannot be had leaves no button: the product stays on show, and the Add to
 * Cart area beside it already says the cart is unavailable.
 */
export function WishlistControl({ product }: { product: Product }) {
  const props: CartWishlistToggleProps = { product, place: 'page' };
  return <Embedded remote="mfe-cart" module="WishlistToggle" props={props} unavailable={null} />;
}
