import { laterModule } from '@storefront/shared/later-module';
import type { ShopLayout } from '../layouts/shopLayouts';

/**
 * The parts only some layouts draw (layoutParts.ts), loaded by the page's prefetch (before the
 * first render, the server's too) when its layout needs them. A later-* chunk: the monolith
 * build, which bundles this page into the shell, leaves it off every page's preloads too.
 */
export const shopLayoutParts = laterModule('the shop layout', () => import(/* webpackChunkName: "later-shop-layout-parts" */ './layoutParts'));

export function needsLayoutParts(layout: ShopLayout | undefined): boolean {
  return layout !== undefined && (layout.banner !== undefined || layout.filters === 'dropdowns' || layout.infinite === true);
}
