import type { Product } from '@storefront/shared';
import { fetchProducts } from './api';

/** A clothing product with colours and sizes, in stock, with several pictures. */
export async function variantProductInStock(): Promise<Product> {
  const product = (await fetchProducts()).find(
    (item) => item.has_variants && item.colours.length > 1 && item.sizes.length > 1 && item.available_stock >= 3 && item.large_pictures.length >= 3,
  );
  if (!product) throw new Error('the seeded catalogue has no variant product in stock with three pictures');
  return product;
}
