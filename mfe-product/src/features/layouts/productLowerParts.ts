import { SERVER_RENDERED_ATTRIBUTE } from '@storefront/shared';
import { laterModule } from '@storefront/shared/later-module';

/**
 * The product page's parts below its first screen (lowerPartsChunk.ts), loaded once the shopper
 * scrolls or presses a key, or the region starts near the screen (a tall desktop shows its top),
 * or the address names a tab (LowerParts.tsx). A later-* chunk: the monolith build leaves it off every page's preloads too. A
 * server render is given it (server.tsx) and draws the whole page.
 */
export const productLowerParts = laterModule('the product page’s tabs and related products', () => import(/* webpackChunkName: "later-product-lower" */ './lowerPartsChunk'));

/** The attribute that marks the region, with the product's id as its value. */
export const LOWER_PARTS_ATTRIBUTE = 'data-product-lower';

/**
 * The HTML the server drew for this product's lower region, while the first screen it sent is
 * still on the page (the shell's first render is about to replace it): the browser shows that copy
 * until its own parts are in, instead of a skeleton where the shopper may already be reading.
 */
export function serverCopyOfLowerParts(productId: string): string | null {
  if (typeof document === 'undefined') return null;
  const region = document.querySelector(`[${SERVER_RENDERED_ATTRIBUTE}] [${LOWER_PARTS_ATTRIBUTE}]`);
  return region?.getAttribute(LOWER_PARTS_ATTRIBUTE) === productId ? region.innerHTML : null;
}
