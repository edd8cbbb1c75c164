/**
 * The product remote's server bundle (server/render.js beside its manifest): the product page,
 * rendered by the shell's server for a first visit (shared/src/ssr/contract.ts).
 */
import { regionRenderer } from '@storefront/shared/ssr/server';
import ProductPage from './exposes/ProductPage';
import { prefetchProductPage } from './features/page/prefetchProductPage';

export const renderRegion = regionRenderer({
  ProductPage: { path: '/product/*', Component: ProductPage, prefetchPageData: prefetchProductPage },
});
