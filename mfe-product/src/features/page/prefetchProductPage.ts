import { baseApi, type AppStore } from '@storefront/shared';
import { parseProductRoute } from '../routing/productRoute';

/**
 * The product page's first data, for a render before the page's own queries run (the server's,
 * shared/src/ssr): the product its address names, and the cart, since the purchase panel starts
 * at the quantity the cart already holds (§4). Settles when both are in, or failed to come.
 */
export function prefetchProductPage(store: AppStore, { pathname, search }: { pathname: string; search: string }): Promise<unknown> {
  const productId = parseProductRoute(pathname, new URLSearchParams(search))?.productId;
  if (!productId) return Promise.resolve();
  const product = store.dispatch(baseApi.endpoints.getProduct.initiate(productId));
  const cart = store.dispatch(baseApi.endpoints.getCart.initiate());
  return Promise.all([product.unwrap().catch(() => undefined), cart.unwrap().catch(() => undefined)]).finally(() => {
    product.unsubscribe();
    cart.unsubscribe();
  });
}
