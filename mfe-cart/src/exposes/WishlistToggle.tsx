/**
 * The cart's wishlist control, which other remotes' pages embed (the heart on each product card, the
 * product page's wishlist button): the cart team owns the wishlist wherever it appears, so a
 * change to it ships with a release of the cart alone.
 */
import { WishlistToggle, type WishlistToggleProps } from '../features/wishlist/WishlistToggle';

export type { WishlistToggleProps };
export default WishlistToggle;
