import { baseApi, type AppStore, type ProductQuery } from '@storefront/shared';

/** How many products a home carousel holds. */
const CAROUSEL_SIZE = 8;

/** What each home carousel lists; the page and its prefetch ask with the same arguments. */
export const HOME_CAROUSELS = {
  popular: { is_popular: true, sort: 'popularity' },
  newArrivals: { is_new: true, sort: 'newest' },
  onSale: { on_sale: true },
} as const satisfies Record<string, ProductQuery>;

/** The argument a carousel of `query` asks getProducts with. */
export function carouselQuery(query: ProductQuery): ProductQuery {
  return { ...query, limit: CAROUSEL_SIZE };
}

/**
 * The home page's first data: the categories and the three carousels. The shell's server renders
 * the page with them (its first screen shows the products, not skeletons), and the browser's
 * store starts with the same answers; in a browser without them (no server render) the shell
 * calls this as soon as the module has arrived. Settles when all are in or have failed (each
 * section then asks again and shows its own error).
 */
export function prefetchHomePage(store: AppStore, { pathname }: { pathname: string; search: string }): Promise<void> {
  if (pathname !== '/') return Promise.resolve();
  const requests = [
    store.dispatch(baseApi.endpoints.getCategories.initiate()),
    ...Object.values(HOME_CAROUSELS).map((query) => store.dispatch(baseApi.endpoints.getProducts.initiate(carouselQuery(query)))),
  ];
  // The cache keeps the answers for the page's own queries (RTK Query's keepUnusedDataFor).
  return Promise.all(requests.map((request) => request.unwrap().catch(() => undefined))).then(() => {
    for (const request of requests) request.unsubscribe();
  });
}
