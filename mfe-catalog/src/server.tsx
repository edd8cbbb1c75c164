/**
 * The catalog's server container (server/remoteEntry.js beside its manifest, exposing ./render): the home page and the shop,
 * rendered by the shell's server for a first visit (shared/src/ssr/contract.ts).
 */
import { regionRenderer } from '@storefront/shared/ssr/server';
import HomePage, { prefetchPageData as prefetchHomePage } from './exposes/HomePage';
import ShopPage, { prefetchPageData as prefetchShopPage } from './exposes/ShopPage';

export const renderRegion = regionRenderer({
  HomePage: { path: '/', Component: HomePage, prefetchPageData: prefetchHomePage },
  ShopPage: { path: '/shop/*', Component: ShopPage, prefetchPageData: prefetchShopPage },
});
