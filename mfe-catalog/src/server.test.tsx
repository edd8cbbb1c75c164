/**
 * The catalog's server container (server.tsx): what the shell's server learns from its drawing of
 * the home page and the shop, which decides who else may be given the same drawing
 * (edge/src/page.ts). The cart's heart on each card is what reads the wishlist.
 */
import type { EmbeddedModuleRef, EmbeddedServerModule, Product } from '@storefront/shared';
import { testApiUrl } from '@storefront/shared/testing';
import { renderRegion } from './server';
import { CART_EMBEDS } from './testing/cartControlStandIn';

/** The cart's modules as the shell's server lends them, stood in (the cart team tests its own). */
const embedded = async ({ remote, module }: EmbeddedModuleRef): Promise<EmbeddedServerModule | null> => {
  const key = `${remote}/${module}`;
  return Object.hasOwn(CART_EMBEDS, key) ? { Component: CART_EMBEDS[key as keyof typeof CART_EMBEDS], css: '' } : null;
};

it.each([
  ['HomePage', '/'],
  ['ShopPage', '/shop'],
])('draws the %s showing of the shopper’s wishlist only its cards’ hearts, of the products it lists', async (module, pathname) => {
  const region = await renderRegion({ module, pathname, search: '', config: { apiBase: testApiUrl() }, viewportWidth: 1280, embedded });
  const listed = (region?.queries ?? []).flatMap((entry) => (entry.endpointName === 'getProducts' ? (entry.value as { products: Product[] }).products.map((product) => product.id) : []));
  expect(listed.length).toBeGreaterThan(3);
  expect(region).toMatchObject({ forEmptyLists: ['cart', 'wishlist'], showsLists: ['wishlist'] });
  expect([...(region?.wishlistItemsOf ?? [])].sort()).toEqual([...new Set(listed)].sort());
});
