import { laterModule } from '@storefront/shared/later-module';
import type { ShopLayout } from '../layouts/shopLayouts';
import { hasActiveFilters, type ShopFilters } from './shopFilters';

/**
 * The parts only some shop pages draw (layoutParts.ts), loaded by the page's prefetch (before the
 * first render, the server's too) when its layout or filters need them, else when first wanted. A later-* chunk: the monolith
 * build, which bundles this page into the shell, leaves it off every page's preloads too.
 */
export const shopLayoutParts = laterModule('the shop layout', () => import(/* webpackChunkName: "later-shop-layout-parts" */ './layoutParts'));

/** A banner, the filter dropdowns, the infinite list, or the chips of filters in use. */
export function needsLayoutParts(layout: ShopLayout | undefined, filters: ShopFilters): boolean {
  return layout !== undefined && (layout.banner !== undefined || layout.filters === 'dropdowns' || layout.infinite === true || hasActiveFilters(filters));
}
