import { laterModule } from '@storefront/shared/later-module';
import type { ProductLayoutName } from './productLayouts';

/**
 * The layouts besides the default one (layoutVariantsChunk.ts): loaded by the page's prefetch
 * (before the first render, the server's too) when its address names one, else when first
 * drawn. A later-* chunk: the monolith build leaves it off every page's preloads too.
 */
export const productLayoutVariants = laterModule('the product layouts', () => import(/* webpackChunkName: "later-product-layouts" */ './layoutVariantsChunk'));

export function needsLayoutVariant(layout: ProductLayoutName): boolean {
  return layout !== 'default';
}
