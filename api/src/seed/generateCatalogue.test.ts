import { CATEGORIES } from '@storefront/shared/domain';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import { generateCatalogue } from './generateCatalogue';
import { parseSeedArgs, seedLargeCatalogue } from './seedCommand';

describe('the large catalogue generator', () => {
  const products = generateCatalogue(2000);

  test('makes as many products as asked, the same each time, with unique ids, links and SKUs', () => {
    expect(products).toHaveLength(2000);
    expect(generateCatalogue(50)).toEqual(products.slice(0, 50));
    expect(new Set(products.map((product) => product.id)).size).toBe(2000);
    expect(new Set(products.map((product) => product.link)).size).toBe(2000);
    expect(new Set(products.map((product) => product.sku)).size).toBe(2000);
  });

  test('spreads products over every leaf of the tree with realistic flags', () => {
    const used = new Set(products.flatMap((product) => product.categories));
    expect([...used].sort()).toEqual(CATEGORIES.map((category) => category.id).sort());
    const share = (test: (index: number) => boolean) => products.filter((_, index) => test(index)).length / products.length;
    expect(share((index) => products[index]?.on_sale_price !== null)).toBeCloseTo(0.25, 1);
    expect(share((index) => products[index]?.stock === 0)).toBeGreaterThan(0);
  });

  test('refuses a count that is not a whole number above 0', () => {
    expect(() => generateCatalogue(0)).toThrow(RangeError);
    expect(() => generateCatalogue(2.5)).toThrow(RangeError);
  });
});

describe('npm run seed arguments', () => {
  test('reads --products, --seed, --replace and --no-reviews', () => {
    expect(parseSeedArgs(['--products', '100000'])).toEqual({ products: 100000, seed: expect.any(Number), replace: false, reviews: true });
    expect(parseSeedArgs(['--products', '5', '--seed', '7', '--replace', '--no-reviews'])).toEqual({ products: 5, seed: 7, replace: true, reviews: false });
  });

  test.each([[[]], [['--products']], [['--products', 'many']], [['--products', '0']], [['--items', '5']]])('refuses %j', (args) => {
    expect(() => parseSeedArgs(args)).toThrow(/usage: npm run seed/);
  });
});

describe.each(testDatabases())('seeding a large catalogue ($name)', (target) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  const indexes = async () =>
    (await ctx.database.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname')).rows.map(
      (row) => row.indexdef,
    );

  test('leaves a shop with products alone unless told to replace them, then lists and searches the new ones', async () => {
    const before = await indexes();
    await expect(seedLargeCatalogue(ctx.database, { products: 300, seed: 1, replace: false, reviews: true })).rejects.toThrow(/--replace/);
    expect(await seedLargeCatalogue(ctx.database, { products: 300, seed: 1, replace: true, reviews: true })).toBe(300);
    // The bulk load dropped the secondary indexes and built them again, each as it was.
    expect(await indexes()).toEqual(before);
    expect(before.some((definition) => /search_postings_word_idx .*\(word, field, seq\)/.test(definition))).toBe(true);
    const all = await ctx.app.inject({ url: '/products?limit=1' });
    expect(all.headers['x-total-count']).toBe('300');
    const found = await ctx.app.inject({ url: '/products?search=karoo&limit=100' });
    expect(Number(found.headers['x-total-count'])).toBeGreaterThan(0);
    expect(found.json<{ name: string }[]>().every((product) => /karoo/i.test(product.name))).toBe(true);
    const reviews = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews');
    expect(reviews.rows[0]?.n).toBeGreaterThan(300);
  }, DATABASE_TIMEOUT_MS);

  test('--no-reviews seeds the products with their ratings but writes no reviews', async () => {
    expect(await seedLargeCatalogue(ctx.database, { products: 200, seed: 2, replace: true, reviews: false })).toBe(200);
    const { rows } = await ctx.database.query<{ reviews: number; rated: number }>(
      'SELECT (SELECT count(*)::int FROM reviews) AS reviews, (SELECT count(*)::int FROM products WHERE reviews_count > 0) AS rated',
    );
    expect(rows[0]).toEqual({ reviews: 0, rated: expect.any(Number) });
    expect(rows[0]?.rated).toBeGreaterThan(50);
    const listed = await ctx.app.inject({ url: '/products?limit=1' });
    expect(listed.headers['x-total-count']).toBe('200');
  }, DATABASE_TIMEOUT_MS);

  test('listings asked while the catalogue is replaced answer the new catalogue once the seed is done', async () => {
    // Shoppers keep browsing while a seed deletes the products and loads new ones: their answers
    // from the empty shop in between must not outlive it.
    for (const [round, products] of [90, 130].entries()) {
      let seeding = true;
      const urls = ['/products?limit=1', '/products?limit=1&sort=price_asc', '/products/facets', '/search/suggest?q=ka'];
      const shoppers = urls.map(async (url) => {
        while (seeding) {
          await ctx.app.inject({ url });
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      });
      await seedLargeCatalogue(ctx.database, { products, seed: 10 + round, replace: true, reviews: false });
      // An outside writer's change is heard a moment after its commit; then nothing older is left.
      await ctx.app.productDetailCache.sync();
      seeding = false;
      await Promise.all(shoppers);
      for (const url of urls.slice(0, 2)) {
        expect((await ctx.app.inject({ url })).headers['x-total-count']).toBe(String(products));
      }
      const facets = await ctx.app.inject({ url: '/products/facets' });
      expect(facets.json<{ total: number }>().total).toBe(products);
    }
  }, DATABASE_TIMEOUT_MS);
});
