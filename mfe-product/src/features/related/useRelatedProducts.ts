import { useGetProductsQuery, type Product } from '@storefront/shared';

/**
 * Other products of the product's most specific category (a T-shirt's T-shirts, not all of
 * Fashion), never the product itself.
 */
export function useRelatedProducts(product: Product, count: number) {
  const category = product.categories[product.categories.length - 1];
  const result = useGetProductsQuery(category ? { category: category.id, limit: count + 1 } : undefined, { skip: !category });
  const related = (result.data?.products ?? []).filter((item) => item.id !== product.id).slice(0, count);
  return { related, isLoading: result.isLoading };
}
