import type { Product } from '@storefront/shared';

export function apiUrl(pathname: string): string {
  const base = process.env.E2E_API_URL;
  if (!base) throw new Error('E2E_API_URL is not set: run the e2e suite through jest (npm run test:e2e)');
  return new URL(pathname, base).toString();
}

export async function fetchProducts(): Promise<Product[]> {
  const response = await fetch(apiUrl('/products?limit=100'));
  if (!response.ok) throw new Error(`GET /products answered ${response.status}`);
  return (await response.json()) as Product[];
}

/** A product a shopper can add straight from its page: no variants, in stock. */
export async function simpleProductInStock(): Promise<Product> {
  const product = (await fetchProducts()).find((item) => !item.has_variants && !item.out_of_stock && item.available_stock >= 3);
  if (!product) throw new Error('the seeded catalogue has no simple product in stock');
  return product;
}

/** A simple product in stock other than `except`: one a shopper's cart does not hold. */
export async function otherSimpleProduct(except: Pick<Product, 'id'>): Promise<Product> {
  const product = (await fetchProducts()).find((item) => item.id !== except.id && !item.has_variants && !item.out_of_stock);
  if (!product) throw new Error('the seeded catalogue has a single simple product in stock');
  return product;
}
