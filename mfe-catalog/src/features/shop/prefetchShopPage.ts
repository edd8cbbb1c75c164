import { baseApi, type AppStore } from '@storefront/shared';
import { findShopLayout } from '../layouts/shopLayouts';
import { readShopFilters, toProductQuery } from './shopFilters';
import { needsLayoutParts, shopLayoutParts } from './shopLayoutParts';

/** Where the shell routes the shop (`/shop/*`); what follows names the layout. */
const SHOP_PATH = /^\/shop(?:\/(.*))?$/;

/**
 * The shop's first data, put in the store before the page first renders: the page of products
 * the address asks for and the categories (the title names the category), and the code of the
 * parts only its layout draws. The shell calls it as soon as this module has arrived, before its
 * first render, so the first paint shows the products and their pictures start loading then,
 * instead of a skeleton that asks for the list after it. Settles when all are in or have failed
 * (the page then asks again and shows its own error).
 */
export function prefetchShopPage(store: AppStore, { pathname, search }: { pathname: string; search: string }): Promise<void> {
  const match = SHOP_PATH.exec(pathname);
  if (!match) return Promise.resolve();
  const layout = findShopLayout(match[1]);
  if (!layout) return Promise.resolve();
  const filters = readShopFilters(new URLSearchParams(search));
  const requests = [
    store.dispatch(baseApi.endpoints.getProducts.initiate(toProductQuery(filters, layout.infinite ? 1 : filters.page))),
    store.dispatch(baseApi.endpoints.getCategories.initiate()),
  ];
  // The page's own parts (a banner, the dropdowns, the infinite list, the filters' chips): a failure leaves the page to draw without.
  const parts = needsLayoutParts(layout, filters) ? shopLayoutParts.load().catch(() => undefined) : undefined;
  // The cache keeps the answers for the page's own queries (RTK Query's keepUnusedDataFor).
  return Promise.all([...requests.map((request) => request.unwrap().catch(() => undefined)), parts]).then(() => {
    for (const request of requests) request.unsubscribe();
  });
}
