/**
 * The catalog's server container (server/remoteEntry.js beside its manifest, exposing ./render): the home page and the shop,
 * rendered by the shell's server for a first visit (shared/src/ssr/contract.ts).
 */
import { productsInAnswers, regionRenderer } from '@storefront/shared/ssr/server';
import HomePage, { prefetchPageData as prefetchHomePage } from './exposes/HomePage';
import ShopPage, { prefetchPageData as prefetchShopPage } from './exposes/ShopPage';

// The cart's Add to Cart and wishlist heart on their cards, drawn by the server in the same page.
const embeds = [
  { remote: 'mfe-cart', module: 'AddToCart' },
  { remote: 'mfe-cart', module: 'WishlistToggle' },
];

export const renderRegion = regionRenderer({
  // Their cards show of the wishlist only whether each card's product is in it (the heart).
  HomePage: { path: '/', Component: HomePage, prefetchPageData: prefetchHomePage, wishlistItemsShown: productsInAnswers, embeds },
  ShopPage: { path: '/shop/*', Component: ShopPage, prefetchPageData: prefetchShopPage, wishlistItemsShown: productsInAnswers, embeds },
});
