import { CATEGORIES, COLOURS, SIZES, slugify } from '@storefront/shared/domain';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import { buildSeedCatalogue, shelfPrice } from './buildCatalogue';
import { seedDatabase } from './seed';

describe('the seed catalogue', () => {
  const products = buildSeedCatalogue();

  test('is the same every time', () => {
    expect(buildSeedCatalogue()).toEqual(products);
    expect(buildSeedCatalogue(1)).not.toEqual(products);
  });

  test('has at least 64 products with ids 1, 2, … and unique slug links', () => {
    expect(products.length).toBeGreaterThanOrEqual(64);
    expect(products.map((product) => product.id)).toEqual(products.map((_, index) => String(index + 1)));
    expect(new Set(products.map((product) => product.link)).size).toBe(products.length);
    for (const product of products) expect(product.link.startsWith(slugify(product.name))).toBe(true);
    expect(new Set(products.map((product) => product.sku)).size).toBe(products.length);
  });

  test('covers every category of the tree', () => {
    const used = new Set(products.flatMap((product) => product.categories));
    expect([...used].sort()).toEqual(CATEGORIES.map((category) => category.id).sort());
  });

  test('prices in Rand, about a quarter on sale for less', () => {
    const onSale = products.filter((product) => product.on_sale_price !== null);
    expect(onSale.length / products.length).toBeCloseTo(0.25, 1);
    for (const product of products) {
      expect(product.price).toBeGreaterThanOrEqual(149);
      expect(product.price).toBeLessThanOrEqual(4999);
      expect(Math.round(product.price * 100) % 1).toBe(0);
      if (product.on_sale_price !== null) expect(product.on_sale_price).toBeLessThan(product.price);
    }
  });

  test('clothing comes in shop colours and sizes, the rest is simple', () => {
    const colourNames = COLOURS.map((colour) => colour.name);
    const sizeNames = SIZES.map((size) => size.name);
    const variants = products.filter((product) => product.has_variants);
    expect(variants.length).toBeGreaterThan(0);
    expect(variants.length).toBeLessThan(products.length);
    for (const product of variants) {
      expect(product.colours.length).toBeGreaterThanOrEqual(2);
      expect(product.colours.every((colour) => colourNames.includes(colour))).toBe(true);
      expect(product.sizes.every((size) => sizeNames.includes(size))).toBe(true);
    }
    for (const product of products.filter((p) => !p.has_variants)) {
      expect(product.colours).toEqual([]);
      expect(product.sizes).toEqual([]);
    }
  });

  test('stock, ratings, flags and pictures vary realistically', () => {
    expect(products.filter((product) => product.stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(products.every((product) => product.stock >= 0 && product.stock <= 60)).toBe(true);
    expect(products.some((product) => product.reviews_count === 0)).toBe(true);
    expect(products.some((product) => product.reviews_count > 0)).toBe(true);
    expect(products.every((product) => product.rating >= 0 && product.rating <= 5)).toBe(true);
    expect(products.every((product) => product.reviews_count <= Math.max(product.ratings_count, 0))).toBe(true);
    expect(products.some((product) => product.is_popular)).toBe(true);
    expect(products.some((product) => product.is_new)).toBe(true);
    expect(products.every((product) => product.pictureCount >= 2 && product.pictureCount <= Math.max(4, product.colours.length))).toBe(true);
    // Every colour a product comes in has a picture of its own.
    expect(products.every((product) => product.pictureCount >= product.colours.length)).toBe(true);
  });

  test('shelf prices end in .99 below a thousand and .00 above', () => {
    expect(shelfPrice(152)).toBe(159.99);
    expect(shelfPrice(4950)).toBe(4999);
    expect(shelfPrice(1210)).toBe(1299);
  });
});

describe.each(testDatabases())('seeding ($name)', (target) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  test('fills an empty shop once; a second run inserts nothing', async () => {
    const count = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(count.rows[0]?.n).toBe(buildSeedCatalogue().length);
    expect(await seedDatabase(ctx.database)).toEqual({ productsInserted: 0 });
    const again = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(again.rows[0]?.n).toBe(count.rows[0]?.n);
  });

  test('stores prices exactly and pictures as paths', async () => {
    const expected = buildSeedCatalogue()[0];
    const response = await ctx.app.inject({ url: '/products/1' });
    expect(response.json()).toMatchObject({
      id: '1',
      name: expected?.name,
      price: expected?.price,
      on_sale_price: expected?.on_sale_price,
      large_pictures: expect.arrayContaining([expect.objectContaining({ url: 'products/1/1.svg', width: 800, height: 800 })]),
      small_pictures: expect.arrayContaining([expect.objectContaining({ url: 'products/1/1-small.webp', width: 400, height: 400 })]),
    });
  });
});
