import { useGetCartQuery, useGetProductQuery, type Product } from '@storefront/shared';

export type ProductToShow =
  | { status: 'not-found' }
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; product: Product };

/**
 * The product by id or link, once the cart has arrived too: the quantity starts at what the
 * cart already holds, so the purchase panel must not mount before the cart is known.
 */
export function useProductToShow(productId: string): ProductToShow {
  const { data: product, isLoading, isError, error, refetch } = useGetProductQuery(productId, { skip: !productId });
  const { isLoading: cartLoading } = useGetCartQuery();

  // null: the api has no such product (getProduct keeps a 404 as that answer).
  if (!productId || product === null || (isError && 'status' in error && error.status === 404)) return { status: 'not-found' };
  if (isError) return { status: 'failed', retry: () => void refetch() };
  if (isLoading || cartLoading || !product) return { status: 'loading' };
  return { status: 'ready', product };
}
