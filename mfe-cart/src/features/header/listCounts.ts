/**
 * What the header and the quick links read of the shopper's lists: their counts alone
 * (selectFromResult), so they are drawn again only when a count changes. The cart counts the sum of
 * its lines' quantities, the wishlist its products.
 */
import { cartCount } from '@storefront/shared';

export type List = 'cart' | 'wishlist';

export const countCartItems = ({ data }: { data?: readonly { qty: number }[] }) => ({ count: data ? cartCount(data) : 0 });
export const countWishlistItems = ({ data }: { data?: readonly unknown[] }) => ({ count: data?.length ?? 0 });

/** "1 item", "3 items": how a count is said. */
export const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;
