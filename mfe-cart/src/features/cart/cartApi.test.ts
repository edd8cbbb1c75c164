import { CartItemPayloadSchema } from '@storefront/contracts';
import { baseApi, createStorefrontStore, type Colour, type Product, type Size } from '@storefront/shared';
import { createCookieJarFetch, createTestStore, testApiUrl } from '@storefront/shared/testing';
import { Compile } from 'typebox/compile';
import { cartApi, cartPayload } from './cartApi';

async function firstSimpleProduct(store: ReturnType<typeof createTestStore>): Promise<Product> {
  const page = await store.dispatch(baseApi.endpoints.getProducts.initiate({ limit: 100 })).unwrap();
  const product = page.products.find((item) => !item.has_variants && item.available_stock >= 5);
  if (!product) throw new Error('the seed has no simple product with stock');
  return product;
}

describe("the cart's writes against the real api", () => {
  it('adds to the cart with one POST per add, which the api sums into the line', async () => {
    const sent: string[] = [];
    const jar = createCookieJarFetch();
    const store = createStorefrontStore({
      config: { apiBase: testApiUrl() },
      fetchFn: (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        sent.push(`${request.method} ${new URL(request.url).pathname}`);
        return jar(request);
      },
    });
    const product = await firstSimpleProduct(store);
    sent.length = 0;
    const created = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 2 })).unwrap();
    expect(created).toMatchObject({ id: product.id.toLowerCase(), qty: 2 });
    const updated = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    expect(updated.qty).toBe(3);
    expect(sent).toEqual(['POST /cart', 'POST /cart']);
    const cart = await store.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(cart).toEqual([expect.objectContaining({ id: product.id.toLowerCase(), qty: 3 })]);
  });

  it('counts every unit when one shopper adds to the same line from several tabs at once', async () => {
    // One cookie jar for four stores: one shopper, with the shop open in four tabs.
    const jar = createCookieJarFetch();
    const tabs = Array.from({ length: 4 }, () => createStorefrontStore({ config: { apiBase: testApiUrl() }, fetchFn: jar }));
    const [first] = tabs;
    if (!first) throw new Error('no tab');
    const product = await firstSimpleProduct(first);
    await first.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    await Promise.all(tabs.map((tab) => tab.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap()));
    const cart = await first.dispatch(baseApi.endpoints.getCart.initiate(undefined, { forceRefetch: true })).unwrap();
    expect(cart).toEqual([expect.objectContaining({ id: product.id.toLowerCase(), qty: 5 })]);
  });

  it('keeps each shopper’s cart to themselves', async () => {
    const first = createTestStore();
    const product = await firstSimpleProduct(first);
    await first.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 1 })).unwrap();
    const second = createTestStore();
    expect(await second.dispatch(baseApi.endpoints.getCart.initiate()).unwrap()).toEqual([]);
  });

  it('caps the added quantity at the available stock', async () => {
    const store = createTestStore();
    const product = await firstSimpleProduct(store);
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: product.available_stock })).unwrap();
    const line = await store.dispatch(cartApi.endpoints.addToCart.initiate({ product, qty: 5 })).unwrap();
    expect(line.qty).toBe(product.available_stock);
  });
});

describe('what is sent to add to the cart', () => {
  const isPayload = Compile(CartItemPayloadSchema);

  it('sends the line key and quantity alone for a product without variants, and the chosen size, colour and its code for one with them, as the api takes them', async () => {
    const store = createTestStore();
    const simple = await firstSimpleProduct(store);
    const plain = cartPayload({ product: simple, qty: 2 });
    expect(plain).toMatchObject({ id: simple.id.toLowerCase(), qty: 2 });
    expect(plain).not.toHaveProperty('size');
    const variant = { ...simple, has_variants: true };
    const chosen = cartPayload({ product: variant, qty: 1, size: { name: 'm', label: 'medium' } satisfies Size, colour: { name: 'Red', code: '#f00' } satisfies Colour });
    expect(chosen).toMatchObject({ id: `${simple.id}-red-m`.toLowerCase(), size: 'm', colour: 'Red', colour_code: '#f00', qty: 1 });
    expect([isPayload.Check(plain), isPayload.Check(chosen)]).toEqual([true, true]);
  });
});
