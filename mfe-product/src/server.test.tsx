/**
 * The product remote's server container (server.tsx): what the shell's server learns from its
 * drawing of a product page, which decides who else may be given the same drawing (edge/src/page.ts).
 */
import type { Product } from '@storefront/shared';
import { testApiUrl } from '@storefront/shared/testing';
import { renderRegion } from './server';

it('draws a product page showing of the shopper’s cart and wishlist only its own product’s place in them', async () => {
  const products = (await (await fetch(`${testApiUrl()}/products?limit=50`)).json()) as Product[];
  const product = products.find((candidate) => !candidate.has_variants);
  if (!product) throw new Error('the seeded catalogue has no product without variants');
  const region = await renderRegion({ module: 'ProductPage', pathname: '/product', search: `?id=${product.link}`, config: { apiBase: testApiUrl() }, viewportWidth: 412 });
  expect(region?.html).toContain('Add to Wishlist');
  expect(region).toMatchObject({ forEmptyLists: ['cart', 'wishlist'], showsLists: ['cart', 'wishlist'], cartLinesOf: [product.id], wishlistItemsOf: [product.id] });
});
