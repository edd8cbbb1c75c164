import { baseApi, type AppStore } from '@storefront/shared';
import { needsLayoutVariant, productLayoutVariants } from '../layouts/productLayoutVariants';
import { parseProductRoute } from '../routing/productRoute';

/**
 * The product page's first data, for a render before the page's own queries run (the server's,
 * shared/src/ssr): the product its address names, and the cart, since the purchase panel starts
 * at the quantity the cart already holds; and the code of a layout besides the default one.
 * Settles when all are in, or failed to come.
 */
export function prefetchProductPage(store: AppStore, { pathname, search }: { pathname: string; search: string }): Promise<unknown> {
  const route = parseProductRoute(pathname, new URLSearchParams(search));
  if (!route?.productId) return Promise.resolve();
  const { productId } = route;
  const layout = needsLayoutVariant(route.layout) ? productLayoutVariants.load().catch(() => undefined) : undefined;
  const product = store.dispatch(baseApi.endpoints.getProduct.initiate(productId));
  const cart = store.dispatch(baseApi.endpoints.getCart.initiate());
  return Promise.all([product.unwrap().catch(() => undefined), cart.unwrap().catch(() => undefined), layout]).finally(() => {
    product.unsubscribe();
    cart.unsubscribe();
  });
}

/**
 * Of the cart and the wishlist, the product page shows only its own product's place: the quantity
 * it starts at (docs/behaviour.md#product-choice) and whether the main button adds or updates a line, and whether its wishlist
 * button adds or goes to the wishlist. The product, as the api names it in both lists
 * (ServerRenderedModule.cartLinesShown, wishlistItemsShown); none when the address names no
 * product the api knows.
 */
export function ownProductShown(store: AppStore, { pathname, search }: { pathname: string; search: string }): string[] {
  const route = parseProductRoute(pathname, new URLSearchParams(search));
  const product = route?.productId ? baseApi.endpoints.getProduct.select(route.productId)(store.getState()).data : undefined;
  return product ? [product.id.toLowerCase()] : [];
}
