import { baseApi, createStorefrontStore, type Product } from '@storefront/shared';
import { testApiUrl } from '@storefront/shared/testing';
import { fetchWithEarlyAnswers, requestPageDataEarly } from './earlyAnswers';

const realFetch = globalThis.fetch;
const SHOP_ORIGIN = 'http://shop.test';

function address(path: string) {
  const url = new URL(path, SHOP_ORIGIN);
  return { href: url.href, pathname: url.pathname, search: url.search };
}

/** Every URL fetched, in order, while the fetches themselves go to the real test api. */
function recordFetches(failFirst?: RegExp) {
  const urls: string[] = [];
  let failed = false;
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    urls.push(url);
    if (failFirst?.test(url) && !failed) {
      failed = true;
      return Promise.reject(new TypeError('network down'));
    }
    return realFetch(input, init);
  });
  return urls;
}

async function aProduct(api: string): Promise<Product> {
  const [product] = (await (await realFetch(`${api}/products?limit=1`)).json()) as Product[];
  if (!product) throw new Error('the test api has no products');
  return product;
}

function storeWithEarlyAnswers(api: string) {
  return createStorefrontStore({ config: { apiBase: api, assetHost: `${api}/images/` }, fetchFn: fetchWithEarlyAnswers });
}

describe('the product page’s data, asked for early', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks for the product at once and the cart after the shopper cookie, once each, and the store’s first queries use those answers', async () => {
    const api = testApiUrl();
    const product = await aProduct(api);
    const fetched = recordFetches();

    requestPageDataEarly(api, address(`/product?id=${encodeURIComponent(product.link)}`));
    const store = storeWithEarlyAnswers(api);
    const [shown, cart] = await Promise.all([
      store.dispatch(baseApi.endpoints.getProduct.initiate(product.link)).unwrap(),
      store.dispatch(baseApi.endpoints.getCart.initiate()).unwrap(),
    ]);

    expect(shown?.name).toBe(product.name);
    expect(cart).toEqual([]);
    expect(fetched).toEqual([`${api}/products/${encodeURIComponent(product.link)}`, `${api}/health`, `${api}/cart`]);

    // Only the first query gets the early answer: asking again goes to the api.
    await store.dispatch(baseApi.endpoints.getProduct.initiate(product.link, { forceRefetch: true })).unwrap();
    expect(fetched.filter((url) => url.endsWith(`/products/${encodeURIComponent(product.link)}`))).toHaveLength(2);
  });

  it('does not hold the product back while the shopper cookie is settled; the cart waits for it', async () => {
    const api = testApiUrl();
    const product = await aProduct(api);
    // Fresh modules, so the shopper cookie is settled anew in this test.
    let fresh: typeof import('./earlyAnswers') | undefined;
    await jest.isolateModulesAsync(async () => {
      fresh = await import('./earlyAnswers');
    });
    if (!fresh) throw new Error('earlyAnswers did not load');
    const sent: string[] = [];
    let answerHealth: () => void = () => undefined;
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      sent.push(url);
      if (!url.endsWith('/health')) return realFetch(input, init);
      return new Promise<void>((resolve) => (answerHealth = resolve)).then(() => realFetch(input, init));
    });

    fresh.requestPageDataEarly(api, address(`/product?id=${encodeURIComponent(product.link)}`));
    const store = createStorefrontStore({ config: { apiBase: api, assetHost: `${api}/images/` }, fetchFn: fresh.fetchWithEarlyAnswers });
    const shown = await store.dispatch(baseApi.endpoints.getProduct.initiate(product.link)).unwrap();
    expect(shown?.name).toBe(product.name);
    // The product is in while /health has not answered; the cart has not even been asked for.
    expect(sent).toEqual([`${api}/products/${encodeURIComponent(product.link)}`, `${api}/health`]);

    answerHealth();
    await store.dispatch(baseApi.endpoints.getCart.initiate()).unwrap();
    expect(sent).toEqual([`${api}/products/${encodeURIComponent(product.link)}`, `${api}/health`, `${api}/cart`]);
  });

  it('asks for the cart alone on other pages, and once however often it is told to', async () => {
    const api = testApiUrl();
    const fetched = recordFetches();
    // Another name for the api than the first test's, so its shopper cookie is settled here too.
    const otherBase = api.includes('127.0.0.1') ? api.replace('127.0.0.1', 'localhost') : api.replace('localhost', '127.0.0.1');
    requestPageDataEarly(otherBase, address('/shop?category=dress'));
    requestPageDataEarly(otherBase, address('/'));
    const cart = await storeWithEarlyAnswers(otherBase).dispatch(baseApi.endpoints.getCart.initiate()).unwrap();
    expect(cart).toEqual([]);
    expect(fetched).toEqual([`${otherBase}/health`, `${otherBase}/cart`]);
  });

  it('when the early request fails, the store’s query asks again and gets its answer', async () => {
    const api = testApiUrl();
    const product = await aProduct(api);
    const productPath = `/products/${encodeURIComponent(product.id)}`;
    const fetched = recordFetches(new RegExp(`${productPath}$`));

    requestPageDataEarly(api, address(`/product/${encodeURIComponent(product.id)}`));
    const shown = await storeWithEarlyAnswers(api).dispatch(baseApi.endpoints.getProduct.initiate(product.id)).unwrap();

    expect(shown?.id).toBe(product.id);
    expect(fetched.filter((url) => url.endsWith(productPath))).toHaveLength(2);
  });

  it('when the early request hangs, the store’s call still ends at its own time limit', async () => {
    const api = testApiUrl();
    const product = await aProduct(api);
    const productUrl = `${api}/products/${encodeURIComponent(product.link)}`;
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return url === productUrl ? new Promise<Response>(() => undefined) : realFetch(input, init);
    });

    requestPageDataEarly(api, address(`/product/sticky-cart/${encodeURIComponent(product.link)}`));
    const call = fetchWithEarlyAnswers(new Request(productUrl, { signal: AbortSignal.timeout(100) }));
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
