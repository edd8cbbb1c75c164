import type { Product } from '@storefront/shared/types';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import { buildSeedCatalogue } from './buildCatalogue';
import { createRandom } from './prng';
import { buildProductReviews, ratingsFor } from './seedReviews';

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('seeded reviews', () => {
  const catalogue = buildSeedCatalogue();

  test('every product gets exactly its reviews_count reviews, averaging its rating', () => {
    for (const product of catalogue) {
      const reviews = buildProductReviews(product);
      expect(reviews).toHaveLength(product.reviews_count);
      if (reviews.length === 0) continue;
      const ratings = reviews.map((review) => review.rating);
      expect(ratings.every((rating) => Number.isInteger(rating) && rating >= 1 && rating <= 5)).toBe(true);
      expect(Math.abs(mean(ratings) - product.rating)).toBeLessThanOrEqual(0.5 / reviews.length + 1e-9);
      expect(reviews.every((review) => review.product_id === product.id && review.author_name.trim() && review.body)).toBe(true);
    }
  });

  test('are the same on every run, and differ from product to product', () => {
    const [first, second] = catalogue.filter((product) => product.reviews_count > 3);
    if (!first || !second) throw new Error('the seed has too few reviewed products');
    expect(buildProductReviews(first)).toEqual(buildProductReviews(first));
    expect(buildProductReviews(second).map((review) => review.body)).not.toEqual(buildProductReviews(first).map((review) => review.body));
  });

  test('are dated in the past, on any day the seed runs', () => {
    const dates = catalogue.flatMap((product) => buildProductReviews(product)).map((review) => Date.parse(review.created_at));
    expect(Math.max(...dates)).toBeLessThanOrEqual(Date.parse('2025-06-01T00:00:00Z'));
    expect(Math.min(...dates)).toBeGreaterThan(Date.parse('2023-05-01T00:00:00Z'));
  });

  test('spread their stars instead of giving every review the same', () => {
    const ratings = ratingsFor(40, 4, createRandom(7));
    expect(mean(ratings)).toBe(4);
    expect(new Set(ratings).size).toBeGreaterThan(2);
  });

  test('keep to whole stars between 1 and 5 whatever the product claims', () => {
    expect(ratingsFor(3, 0, createRandom(1))).toEqual([1, 1, 1]);
    expect(ratingsFor(2, 5, createRandom(1))).toEqual([5, 5]);
    expect(ratingsFor(0, 4.5, createRandom(1))).toEqual([]);
  });
});

describe.each(testDatabases())('seeding reviews ($name)', (target) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  test('stores each product’s reviews with the seeded shop', async () => {
    const mismatches = await ctx.database.query<{ id: string }>(
      `SELECT p.id FROM products p LEFT JOIN reviews r ON r.product_id = p.id
       GROUP BY p.id, p.reviews_count HAVING count(r.id) <> p.reviews_count`,
    );
    expect(mismatches.rows).toEqual([]);
    const total = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews');
    const expected = buildSeedCatalogue().reduce((sum, product) => sum + product.reviews_count, 0);
    expect(total.rows[0]?.n).toBe(expected);
    expect(expected).toBeGreaterThan(0);
  });

  test("every product's stars are its written reviews' mean, and none shows stars without reviews", async () => {
    const disagreeing = await ctx.database.query<{ id: string }>(
      `SELECT p.id FROM products p LEFT JOIN reviews r ON r.product_id = p.id
       GROUP BY p.id, p.rating, p.ratings_count, p.reviews_count
       HAVING p.ratings_count <> count(r.id) OR p.reviews_count <> count(r.id) OR p.rating <> coalesce(round(avg(r.rating), 2), 0)`,
    );
    expect(disagreeing.rows).toEqual([]);
    const unreviewed = (await ctx.app.inject({ url: '/products?limit=100' })).json<Product[]>().filter((product) => product.reviews_count === 0);
    expect(unreviewed.length).toBeGreaterThan(0);
    expect(unreviewed.every((product) => product.rating === 0 && product.ratings_count === 0)).toBe(true);
  });
});

