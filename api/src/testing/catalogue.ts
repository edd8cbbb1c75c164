import type { FastifyInstance } from 'fastify';
import type { Product } from '@storefront/shared/types';

/** The whole seeded catalogue, read through the api as a client would. */
export async function fetchCatalogue(app: FastifyInstance): Promise<Product[]> {
  const response = await app.inject({ url: '/products?limit=100' });
  if (response.statusCode !== 200) throw new Error(`GET /products answered ${response.statusCode}`);
  return response.json<Product[]>();
}

export function pickProduct(products: readonly Product[], test: (product: Product) => boolean, what: string): Product {
  const product = products.find(test);
  if (!product) throw new Error(`The seed has no ${what}`);
  return product;
}
