/**
 * A page module may export, beside its component, `prefetchPageData(store, location)`: the data
 * its first render needs, put in the store. The shell calls it as soon as the module has arrived
 * and, as with its own first data (app/prefetchPageData.ts), the first render waits a moment for
 * it, so the page paints with its content rather than a skeleton that only then asks for it.
 * The remote owns what it asks for; the shell only knows the export's name and shape.
 */
import type { AppStore } from '@storefront/shared';

export interface PageLocation {
  pathname: string;
  search: string;
}

export type PageDataPrefetch = (store: AppStore, location: PageLocation) => Promise<unknown>;

export interface ExposedModule {
  default: unknown;
  prefetchPageData?: unknown;
}

/**
 * Each module's prefetch, once the module has arrived. Settles when every one has settled: a
 * module that failed to load, has no prefetch, or whose prefetch fails is the page's own business
 * (its region shows the error, its queries ask again).
 */
export function prefetchFromModules(loads: readonly Promise<ExposedModule>[], store: AppStore, location: PageLocation): Promise<void> {
  return Promise.allSettled(
    loads.map(async (load) => {
      const { prefetchPageData } = await load;
      if (typeof prefetchPageData === 'function') await (prefetchPageData as PageDataPrefetch)(store, { pathname: location.pathname, search: location.search });
    }),
  ).then(() => undefined);
}
