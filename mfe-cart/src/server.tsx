/**
 * The cart remote's server bundle (server/render.js beside its manifest): the cart page, rendered
 * by the shell's server for a first visit (shared/src/ssr/contract.ts) with the lines of the
 * shopper whose cookie came with the page. The browser asks for the cart itself (the shell's entry
 * does, early), so the server's answer is not sent with the page.
 */
import { baseApi, type AppStore } from '@storefront/shared';
import { regionRenderer } from '@storefront/shared/ssr/server';
import CartPage from './exposes/CartPage';

/** The cart's lines, for a render before the page's own query runs. Settles when in or failed. */
function prefetchCart(store: AppStore): Promise<unknown> {
  const cart = store.dispatch(baseApi.endpoints.getCart.initiate());
  return cart
    .unwrap()
    .catch(() => undefined)
    .finally(() => cart.unsubscribe());
}

export const renderRegion = regionRenderer({
  CartPage: { path: '/cart', Component: CartPage, prefetchPageData: prefetchCart },
});
