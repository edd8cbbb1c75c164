import type { ApiError, Product } from '@storefront/shared/types';
import { fetchCatalogue } from '../../testing/catalogue';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { suggestionsKey } from './searchRoutes';

interface Suggestions {
  products: { id: string; name: string; link: string; price: number; on_sale_price: number | null; on_sale_until: string | null; thumbnail: { url: string } | null }[];
  categories: { id: string; name: string; parent: string | null }[];
}

describe.each(testDatabases())('GET /search/suggest ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];

  beforeAll(async () => {
    ctx = await startTestApp(target);
    catalogue = await fetchCatalogue(ctx.app);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function suggest(query: string): Promise<Suggestions> {
    const response = await ctx.app.inject({ url: `/search/suggest?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<Suggestions>();
  }

  test('answers at most 8 products with name, link, price and thumbnail, names starting with the text first', async () => {
    const many = catalogue.filter((product) => /soft/i.test(`${product.name} ${product.description}`));
    expect(many.length).toBeGreaterThan(8);
    const { products } = await suggest('q=Soft');
    expect(products).toHaveLength(8);
    for (const suggestion of products) {
      const product = catalogue.find((item) => item.id === suggestion.id);
      expect(suggestion).toEqual({
        id: product?.id,
        name: product?.name,
        link: product?.link,
        price: product?.price,
        on_sale_price: product?.on_sale_price,
        on_sale_until: product?.on_sale_until,
        thumbnail: product?.small_pictures[0],
      });
    }
    const named = products.map((suggestion) => /soft/i.test(suggestion.name));
    expect(named.indexOf(false) === -1 || !named.slice(named.indexOf(false)).includes(true)).toBe(true);
  });

  test('lists the categories whose names match, and forgives a typo', async () => {
    const { products, categories } = await suggest('q=hedphone');
    expect(categories).toEqual([{ id: 'headphone', name: 'Headphone', parent: 'Electronics' }]);
    expect(products.length).toBeGreaterThan(0);
    expect(products.length).toBeLessThanOrEqual(8);
  });

  test('stays within the chosen category and its children', async () => {
    const inFashion = await suggest('q=cotton&category=Fashion');
    expect(inFashion.products.length).toBeGreaterThan(0);
    for (const suggestion of inFashion.products) {
      const product = catalogue.find((item) => item.id === suggestion.id);
      expect(product?.categories.some((category) => category.id === 'fashion')).toBe(true);
    }
    expect((await suggest('q=cotton&category=toys')).products).toEqual([]);
    // A department of the search box the shop does not stock: nothing, rather than an error.
    expect(await suggest('q=cotton&category=smart-tvs')).toEqual({ products: [], categories: [] });
  });

  test('text with nothing to match gives empty lists', async () => {
    expect(await suggest('q=xqzvw')).toEqual({ products: [], categories: [] });
    expect(await suggest('q=%25%25')).toEqual({ products: [], categories: [] });
  });

  test('a repeated suggestion comes from memory, and a renamed product shows in it at once', async () => {
    const first = await suggest('q=Soft');
    expect(ctx.app.productDetailCache.lookupAnswer(suggestionsKey(' soft ', undefined))).toBeDefined();
    expect(await suggest('q=%20SOFT')).toEqual(first);
    const renamed = first.products[0];
    if (!renamed) throw new Error('no suggestion to rename');
    await ctx.database.query('UPDATE products SET name = $2 WHERE id = $1', [renamed.id, `Softest ${renamed.name}`]);
    try {
      expect((await suggest('q=Soft')).products.find((suggestion) => suggestion.id === renamed.id)?.name).toBe(`Softest ${renamed.name}`);
    } finally {
      await ctx.database.query('UPDATE products SET name = $2 WHERE id = $1', [renamed.id, renamed.name]);
    }
    expect(await suggest('q=Soft')).toEqual(first);
  });

  test.each([
    ['no text', '/search/suggest', /q/],
    ['empty text', '/search/suggest?q=', /q/],
    ['only spaces', '/search/suggest?q=%20%20', /q/],
    ['an empty category', '/search/suggest?q=tee&category=', /category/],
    ['an unknown parameter', '/search/suggest?q=tee&limit=3', /unknown parameter "limit"/],
    ['text that is too long', `/search/suggest?q=${'a'.repeat(101)}`, /q/],
  ])('%s is a 400', async (_, url, message) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>()).toEqual({ error: 'bad_request', message: expect.stringMatching(message) });
  });
});
