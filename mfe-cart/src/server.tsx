/**
 * The cart remote's server container (server/remoteEntry.js beside its manifest, exposing ./render): the cart, checkout and
 * wishlist pages, and the Add to Cart and wishlist controls other remotes' pages embed, rendered by the shell's server for a first visit (shared/src/ssr/contract.ts) with the
 * lines of the shopper whose cookie came with the page. The wishlist's answer travels with the
 * page; the cart's does not, since the shell's entry asks for the cart itself, early.
 */
import { baseApi, type AppStore } from '@storefront/shared';
import type { EmbeddedServerModule } from '@storefront/shared';
import { collectedCss, regionRenderer } from '@storefront/shared/ssr/server';
import AddToCart from './exposes/AddToCart';
import CartPage from './exposes/CartPage';
import CheckoutPage from './exposes/CheckoutPage';
import HeaderLists from './exposes/HeaderLists';
import WishlistPage from './exposes/WishlistPage';
import WishlistToggle from './exposes/WishlistToggle';

/** The page's one query, for a render before the page's own runs. Settles when in or failed. */
function settled(query: { unwrap(): Promise<unknown>; unsubscribe(): void }): Promise<unknown> {
  return query
    .unwrap()
    .catch(() => undefined)
    .finally(() => query.unsubscribe());
}

const prefetchCart = (store: AppStore) => settled(store.dispatch(baseApi.endpoints.getCart.initiate()));
const prefetchWishlist = (store: AppStore) => settled(store.dispatch(baseApi.endpoints.getWishlist.initiate()));

export const renderRegion = regionRenderer({
  CartPage: { path: '/cart', Component: CartPage, prefetchPageData: prefetchCart },
  CheckoutPage: { path: '/checkout', Component: CheckoutPage, prefetchPageData: prefetchCart },
  WishlistPage: { path: '/wishlist', Component: WishlistPage, prefetchPageData: prefetchWishlist },
});

/**
 * What the cart lends other remotes' pages and the shell's header, drawn on the server in their
 * page: Add to Cart and the wishlist control (the product page's and the cards'), and the header's
 * wishlist and cart with their counts, each with its own stylesheets only.
 */
export const embeddable: Record<string, EmbeddedServerModule> = {
  AddToCart: { Component: AddToCart, css: collectedCss((from) => from.startsWith('./src/features/purchase/')) },
  HeaderLists: { Component: HeaderLists, css: collectedCss((from) => from.startsWith('./src/features/header/')) },
  WishlistToggle: { Component: WishlistToggle, css: collectedCss((from) => from === './src/features/wishlist/wishlistToggle.css') },
};
