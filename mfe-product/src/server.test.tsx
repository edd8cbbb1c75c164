/**
 * The product remote's server container (server.tsx): what the shell's server learns from its
 * drawing of a product page, which decides who else may be given the same drawing
 * (edge/src/page.ts). The cart's wishlist button, stood in, reads the wishlist as the cart's own does.
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

it('draws a product page showing of the shopper’s cart and wishlist only its own product’s place in them', async () => {
  const products = (await (await fetch(`${testApiUrl()}/products?limit=50`)).json()) as Product[];
  const product = products.find((candidate) => !candidate.has_variants);
  if (!product) throw new Error('the seeded catalogue has no product without variants');
  const region = await renderRegion({ module: 'ProductPage', pathname: '/product', search: `?id=${product.link}`, config: { apiBase: testApiUrl() }, viewportWidth: 412, embedded });
  expect(region?.html).toContain('aria-label="Wishlist control (page)"');
  expect(region).toMatchObject({ forEmptyLists: ['cart', 'wishlist'], showsLists: ['cart', 'wishlist'], cartLinesOf: [product.id], wishlistItemsOf: [product.id] });
});
