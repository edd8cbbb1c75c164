/**
 * A head start for the page's first data: the shell puts it in the shared cache while the page's
 * remote is still downloading (the remote's own query then finds it there; the entry asked the api
 * even earlier, see earlyAnswers.ts), and on a product page preloads the product's picture as soon
 * as the product is known.
 */
import { assetUrl, baseApi, selectAssetHost, type AppStore } from '@storefront/shared';
import { productIdFromAddress } from './pageAddress';

function preloadImage(href: string): void {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * Puts the page's first data in the store: the cart on every page and, on a product page, the
 * product (see earlyAnswers.ts). Settles when it is in (or failed to come).
 */
export function prefetchPageData(store: AppStore, { pathname, search }: { pathname: string; search: string }): Promise<void> {
  const cart = store.dispatch(baseApi.endpoints.getCart.initiate());
  const waits: Promise<unknown>[] = [cart.unwrap().catch(() => undefined)];
  const productId = productIdFromAddress(pathname, search);
  const product = productId ? store.dispatch(baseApi.endpoints.getProduct.initiate(productId)) : undefined;
  if (product) {
    const pictureKnown = product
      .unwrap()
      .then((found) => {
        if (!found) return;
        const picture = found.large_pictures[0] ?? found.small_pictures[0];
        if (picture) preloadImage(assetUrl(selectAssetHost(store.getState()), picture.url));
      })
      .catch(() => undefined);
    waits.push(pictureKnown);
  }
  // The cache keeps the answers for the page's own queries (RTK Query's keepUnusedDataFor).
  return Promise.all(waits).then(() => {
    cart.unsubscribe();
    product?.unsubscribe();
  });
}
