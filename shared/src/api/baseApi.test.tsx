import { createStorefrontStore } from '../store/createStore';
import { selectIsServingSampleData } from '../store/sampleDataSlice';
import { createCookieJarFetch, createTestStore, testApiUrl } from '../testing';
import type { Product } from '../types';
import { baseApi } from './baseApi';
import { SAMPLE_CART, SAMPLE_PRODUCTS } from './sampleData';

async function firstSimpleProduct(store: ReturnType<typeof createTestStore>): Promise<Product> {
  const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
  const product = page.products.find((item) => !item.has_variants && item.available_stock >= 5);
  if (!product) throw new Error('the seed has no simple product with stock');
  return product;
}

describe('baseApi against the real api', () => {
  it('reads products as the storefront shape, with the total from X-Total-Count', async () => {
    const store = createTestStore();
    const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 5 })).unwrap();
    expect(page.products).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(60);
    expect(page.products[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), link: expect.any(String), price: expect.any(Number), small_pictures: expect.any(Array) }),
    );
    expect(selectIsServingSampleData(store.getState())).toBe(false);
  });

  it('says which search the api ran when it corrected a typo (X-Search-Showing), and nothing when none was needed', async () => {
    const store = createTestStore();
    const corrected = await store.dispatch(baseApi.endpoints.getProducts.initiate({ search: 'red jakcet' })).unwrap();
    expect(corrected.showing).toBe('red jacket');
    const asTyped = await store.dispatch(baseApi.endpoints.getProducts.initiate({ search: 'jacket' })).unwrap();
    expect(asTyped.products.length).toBeGreaterThan(0);
    expect(asTyped.showing).toBeUndefined();
  });

  it('decodes X-Search-Showing, and ignores one that is not percent-encoding', async () => {
    /** The real answer, with the header as a proxy or a faulty api might have set it. */
    const answeringShowing = (value: string): typeof fetch => {
      const jar = createCookieJarFetch();
      return async (input, init) => {
        const response = await jar(input, init);
        const headers = new Headers(response.headers);
        headers.set('X-Search-Showing', value);
        return new Response(await response.arrayBuffer(), { status: response.status, headers });
      };
    };
    const read = (value: string) =>
      createStorefrontStore({ config: { apiBase: testApiUrl() }, fetchFn: answeringShowing(value) })
        .dispatch(baseApi.endpoints.getProducts.initiate({ search: 'jacket' }))
        .unwrap();
    expect((await read('caf%C3%A9%20jacket')).showing).toBe('café jacket');
    const malformed = await read('%E0%A4%A');
    expect(malformed.showing).toBeUndefined();
    expect(malformed.products.length).toBeGreaterThan(0);
  });

  it('finds a product by its link in any letter case', async () => {
    const store = createTestStore();
    const product = await firstSimpleProduct(store);
    const found = await store.dispatch(baseApi.endpoints.getProduct.initiate(product.link.toUpperCase())).unwrap();
    expect(found?.id).toBe(product.id);
  });

  it('treats a 404 for a product as an answer (null), kept like one: a second reader does not ask again', async () => {
    const asked: string[] = [];
    const jar = createCookieJarFetch();
    const store = createStorefrontStore({
      config: { apiBase: testApiUrl() },
      fetchFn: (input, init) => {
        asked.push((input instanceof Request ? input : new Request(input, init)).url);
        return jar(input, init);
      },
    });
    const first = store.dispatch(baseApi.endpoints.getProduct.initiate('no-such-product'));
    expect(await first.unwrap()).toBeNull();
    expect(selectIsServingSampleData(store.getState())).toBe(false);
    const second = store.dispatch(baseApi.endpoints.getProduct.initiate('no-such-product'));
    expect(await second.unwrap()).toBeNull();
    expect(asked.filter((url) => url.endsWith('/products/no-such-product'))).toHaveLength(1);
    first.unsubscribe();
    second.unsubscribe();
  });
});

describe('baseApi when the api cannot be reached: reads fall back to sample data', () => {
  const unreachable = () => createStorefrontStore({ config: { apiBase: 'http://127.0.0.1:9' } });

  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('answers product reads with the built-in samples, and says samples are showing', async () => {
    const store = unreachable();
    const page = await store.dispatch(baseApi.endpoints.getProducts.initiate()).unwrap();
    expect(page.products.map((product) => product.id)).toEqual(SAMPLE_PRODUCTS.map((product) => product.id));
    expect(selectIsServingSampleData(store.getState())).toBe(true);
  });

  it('matches a sample product by id case-insensitively, and fails for an unknown one', async () => {
    const store = unreachable();
    const product = await store.dispatch(baseApi.endpoints.getProduct.initiate('s2')).unwrap();
    expect(product?.id).toBe('S2');
    const missing = await store.dispatch(baseApi.endpoints.getProduct.initiate('zzz'));
    expect(missing.error).toBeDefined();
  });

  it('falls back to sample colours, sizes and categories, an empty wishlist, and a cart of one line of 3', async () => {
    const store = unreachable();
    expect(await store.dispatch(baseApi.endpoints.getColours.initiate()).unwrap()).toHaveLength(5);
    expect((await store.dispatch(baseApi.endpoints.getSizes.initiate()).unwrap()).map((size) => size.name)).toEqual(['s', 'm', 'l', 'xl']);
    expect(await store.dispatch(baseApi.endpoints.getCategories.initiate()).unwrap()).toContainEqual({ id: 'headphone', name: 'Headphone', parent: 'Electronics' });
    expect(await store.dispatch(baseApi.endpoints.getWishlist.initiate()).unwrap()).toEqual([]);
    const cart = await store.dispatch(baseApi.endpoints.getCart.initiate()).unwrap();
    expect(cart).toHaveLength(1);
    expect(cart[0]?.qty).toBe(3);
    expect(cart).toEqual(SAMPLE_CART);
  });

  it('reads the api base from the store, so one bundle serves any deployment', async () => {
    const store = createTestStore(testApiUrl());
    const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 1 })).unwrap();
    expect(page.products).toHaveLength(1);
  });
});
