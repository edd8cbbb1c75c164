/**
 * For servers only (the shared package's browser index leaves it out: every byte of it would be
 * in each first load). The shopper's own lists a page may read and still be a guest's page for a
 * shopper whose lists are empty (RegionRender.forEmptyLists): the api's address for each
 * (`GET /cart`, `GET /wishlist`, each an array) and the api slice's read of it.
 */
import type { ShopperList } from './contract';

export const SHOPPER_LISTS: Readonly<Record<ShopperList, string>> = { cart: 'getCart', wishlist: 'getWishlist' };

export function isShopperList(value: unknown): value is ShopperList {
  return typeof value === 'string' && Object.hasOwn(SHOPPER_LISTS, value);
}

/** What names an entry's product in the api's answer to each list: a cart line's product, a wishlist's product itself. */
const PRODUCT_OF_ENTRY: Readonly<Record<ShopperList, string>> = { cart: 'product_id', wishlist: 'id' };

/**
 * Whether the api's answer to GET /cart or GET /wishlist holds one of these products (lower case,
 * as the api writes them: RegionRender.cartLinesOf, wishlistItemsOf). An answer not shaped as the
 * list counts as holding one.
 */
export function holdsProductOf(list: ShopperList, answer: unknown, productIds: readonly string[]): boolean {
  if (!Array.isArray(answer)) return true;
  const products = new Set(productIds.map((id) => id.toLowerCase()));
  const field = PRODUCT_OF_ENTRY[list];
  return answer.some((entry: unknown) => {
    const productId = entry && typeof entry === 'object' ? (entry as Record<string, unknown>)[field] : undefined;
    return typeof productId !== 'string' || products.has(productId.toLowerCase());
  });
}
