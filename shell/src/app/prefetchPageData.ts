/**
 * A head start for the product page, whose largest paint is the product's picture: the shell asks
 * the api for the product while the product remote is still downloading (the remote's own query
 * then finds it in the shared cache), and preloads the picture as soon as the product is known.
 */
import { assetUrl, baseApi, selectAssetHost, type AppStore } from '@storefront/shared';

/**
 * The product a product address names (§2: /product?id=…, /product/{slug}, /product/{layout}/{slug}).
 * The product remote decides for itself; a wrong guess here only costs one request.
 */
export function productIdFromAddress(pathname: string, search: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== 'product' || segments.length > 3) return '';
  const fromQuery = new URLSearchParams(search).get('id')?.trim() ?? '';
  let candidate = fromQuery;
  if (!candidate && segments.length >= 2) candidate = segments[segments.length - 1] ?? '';
  try {
    return decodeURIComponent(candidate);
  } catch {
    return '';
  }
}

function preloadImage(href: string): void {
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}

export function prefetchPageData(store: AppStore, { pathname, search }: { pathname: string; search: string }): void {
  const productId = productIdFromAddress(pathname, search);
  if (!productId) return;
  const request = store.dispatch(baseApi.endpoints.getProduct.initiate(productId));
  request
    .unwrap()
    .then((product) => {
      const picture = product.large_pictures[0] ?? product.small_pictures[0];
      if (picture) preloadImage(assetUrl(selectAssetHost(store.getState()), picture.url));
    })
    .catch(() => undefined)
    // The cache keeps the answer for the page's own query (RTK Query's keepUnusedDataFor).
    .finally(() => request.unsubscribe());
}
