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

/**
 * Whether the api's answer to GET /cart holds a line of one of these products (lower case, as the
 * api writes them: RegionRender.cartLinesOf). An answer not shaped as a cart counts as holding one.
 */
export function holdsLineOf(cart: unknown, productIds: readonly string[]): boolean {
  if (!Array.isArray(cart)) return true;
  const products = new Set(productIds.map((id) => id.toLowerCase()));
  return cart.some((line: unknown) => {
    const productId = line && typeof line === 'object' ? (line as { product_id?: unknown }).product_id : undefined;
    return typeof productId !== 'string' || products.has(productId.toLowerCase());
  });
}
