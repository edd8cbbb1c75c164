/**
 * The product remote's server container (server/remoteEntry.js beside its manifest, exposing ./render): the product page,
 * rendered by the shell's server for a first visit (shared/src/ssr/contract.ts).
 */
import { regionRenderer } from '@storefront/shared/ssr/server';
import ProductPage from './exposes/ProductPage';
import * as layoutVariants from './features/layouts/layoutVariantsChunk';
import * as lowerParts from './features/layouts/lowerPartsChunk';
import { productLayoutVariants } from './features/layouts/productLayoutVariants';
import { productLowerParts } from './features/layouts/productLowerParts';
import { ownProductShown, prefetchProductPage } from './features/page/prefetchProductPage';

// The server draws the whole page in any layout, its tabs and related products too: it does not
// wait for chunks.
productLayoutVariants.provide(layoutVariants);
productLowerParts.provide(lowerParts);

export const renderRegion = regionRenderer({
  ProductPage: {
    path: '/product/*',
    Component: ProductPage,
    prefetchPageData: prefetchProductPage,
    cartLinesShown: ownProductShown,
    wishlistItemsShown: ownProductShown,
    // The cart's Add to Cart control and wishlist button, drawn by the server in the same page.
    embeds: [
      { remote: 'mfe-cart', module: 'AddToCart' },
      { remote: 'mfe-cart', module: 'WishlistToggle' },
    ],
  },
});
