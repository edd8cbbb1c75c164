import { baseApi, createStorefrontStore, type Product } from '@storefront/shared';
import { createTestStore } from '@storefront/shared/testing';
import { wishlistApi } from './wishlistApi';

async function someProduct(store: ReturnType<typeof createTestStore>): Promise<Product> {
  const [product] = (await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 1 })).unwrap()).products;
  if (!product) throw new Error('empty seed');
  return product;
}

describe("the wishlist's writes", () => {
  it('adds a product and removes it by its id, the wishlist read again after each', async () => {
    const store = createTestStore();
    const product = await someProduct(store);
    await store.dispatch(wishlistApi.endpoints.addToWishlist.initiate(product)).unwrap();
    expect((await store.dispatch(baseApi.endpoints.getWishlist.initiate(undefined, { forceRefetch: true })).unwrap()).map((item) => item.id)).toEqual([product.id]);
    await store.dispatch(wishlistApi.endpoints.removeFromWishlist.initiate(product.id)).unwrap();
    expect(await store.dispatch(baseApi.endpoints.getWishlist.initiate(undefined, { forceRefetch: true })).unwrap()).toEqual([]);
  });

  it('passes a failed write on to the caller, with no sample data in its place', async () => {
    const store = createStorefrontStore({ config: { apiBase: 'http://127.0.0.1:9' } });
    const product = { id: 'p1', name: 'Mug' } as Product;
    const result = await store.dispatch(wishlistApi.endpoints.addToWishlist.initiate(product));
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
  });
});
