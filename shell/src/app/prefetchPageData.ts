/**
 * A head start for the product page: the shell asks the api for the product while the product
 * remote is still downloading (the remote's own query then finds it in the shared cache; the
 * entry asked even earlier, see earlyAnswers.ts), and preloads its picture as soon as the product
 * is known.
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

/** Settles when the page's data is in the store (or failed to come). */
export function prefetchPageData(store: AppStore, { pathname, search }: { pathname: string; search: string }): Promise<void> {
  const productId = productIdFromAddress(pathname, search);
  if (!productId) return Promise.resolve();
  const product = store.dispatch(baseApi.endpoints.getProduct.initiate(productId));
  // The product page waits for the cart as well (its quantity starts at what the cart holds).
  const cart = store.dispatch(baseApi.endpoints.getCart.initiate());
  const pictureKnown = product
    .unwrap()
    .then((found) => {
      const picture = found.large_pictures[0] ?? found.small_pictures[0];
      if (picture) preloadImage(assetUrl(selectAssetHost(store.getState()), picture.url));
    })
    .catch(() => undefined);
  // The cache keeps the answers for the page's own queries (RTK Query's keepUnusedDataFor).
  return Promise.all([pictureKnown, cart.unwrap().catch(() => undefined)]).then(() => {
    product.unsubscribe();
    cart.unsubscribe();
  });
}
