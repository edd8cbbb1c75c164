import { laterModule } from '@storefront/shared/later-module';
import { parseProductRoute } from '../routing/productRoute';
import { productLayout } from './productLayouts';

/** The sidebar layouts' own parts (sidebarParts.ts). */
export const sidebarParts = laterModule('the product sidebar', () => import(/* webpackChunkName: "product-sidebar" */ './sidebarParts'));

/**
 * Loads the sidebar's code when the address names a sidebar layout, so that the first render (the
 * server's, or the browser's, which waits for the page's prefetch) draws it. A failure leaves the
 * page to draw without.
 */
export function loadSidebarFor({ pathname, search }: { pathname: string; search: string }): Promise<unknown> {
  const route = parseProductRoute(pathname, new URLSearchParams(search));
  return route && productLayout(route.layout).sidebar ? sidebarParts.load().catch(() => undefined) : Promise.resolve();
}
