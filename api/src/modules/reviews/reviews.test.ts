import type { Product, ProductReviewPage } from '@storefront/shared/types';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

describe.each(testDatabases())('product reviews ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];

  beforeAll(async () => {
    ctx = await startTestApp(target);
    catalogue = await fetchCatalogue(ctx.app);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const reviewed = () => pickProduct(catalogue, (product) => product.reviews_count >= 12, 'product with a dozen reviews');
  const unreviewed = () => pickProduct(catalogue, (product) => product.reviews_count === 0, 'product without reviews');

  test('lists a page of the product’s reviews, newest first, with the totals of all of them', async () => {
    const product = reviewed();
    const response = await get(`/products/${product.id}/reviews`);
    expect(response.statusCode).toBe(200);
    const page = response.json<ProductReviewPage>();
    expect(page).toMatchObject({ total: product.reviews_count, page: 1, limit: 10 });
    expect(page.reviews).toHaveLength(10);
    for (const review of page.reviews) {
      expect(Object.keys(review).sort()).toEqual(['author_name', 'body', 'created_at', 'id', 'product_id', 'rating', 'title', 'verified_buyer']);
      expect(review.product_id).toBe(product.id);
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.author_name.trim()).not.toBe('');
    }
    const dates = page.reviews.map((review) => Date.parse(review.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(page.rating_counts.map((entry) => entry.rating)).toEqual([5, 4, 3, 2, 1]);
    expect(page.rating_counts.reduce((sum, entry) => sum + entry.count, 0)).toBe(product.reviews_count);
    // Seeded reviews have no account, so none of them can be a verified buyer's.
    expect(page.verified_count).toBe(0);
    expect(page.reviews.every((review) => review.verified_buyer === false)).toBe(true);
    // The seed writes reviews whose mean is the product's rating, as near as whole stars allow.
    expect(Math.abs(page.average - product.rating)).toBeLessThanOrEqual(0.5 / product.reviews_count + 0.01);
  });

  test('pages through every review exactly once', async () => {
    const product = reviewed();
    const all = (await get(`/products/${product.id}/reviews?limit=50`)).json<ProductReviewPage>().reviews;
    expect(all).toHaveLength(Math.min(50, product.reviews_count));
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const response = await get(`/products/${product.id}/reviews?page=${page}&limit=3`);
      expect(response.statusCode).toBe(200);
      seen.push(...response.json<ProductReviewPage>().reviews.map((review) => review.id));
    }
    expect(seen).toEqual(all.slice(0, 12).map((review) => review.id));
    const beyond = (await get(`/products/${product.id}/reviews?page=9999&limit=50`)).json<ProductReviewPage>();
    expect(beyond).toMatchObject({ reviews: [], total: product.reviews_count, page: 9999 });
  });

  test('finds the product by its link in any letter case', async () => {
    const product = reviewed();
    const byId = (await get(`/products/${product.id}/reviews`)).json<ProductReviewPage>();
    const byLink = await get(`/products/${product.link.toUpperCase()}/reviews`);
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json()).toEqual(byId);
  });

  test('answers an empty page for a product nobody has reviewed', async () => {
    const response = await get(`/products/${unreviewed().id}/reviews`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      reviews: [],
      total: 0,
      page: 1,
      limit: 10,
      average: 0,
      rating_counts: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })),
      verified_count: 0,
    });
  });

  test('puts the latest review first, and of two written at once the later one', async () => {
    const product = pickProduct(
      catalogue.filter((item) => item.id !== unreviewed().id),
      (item) => item.reviews_count === 0,
      'second product without reviews',
    );
    const insert = (author: string, createdAt: string) =>
      ctx.database.query(
        `INSERT INTO reviews (product_id, author_name, rating, title, body, created_at) VALUES ($1, $2, 4, 'Good', 'Fine.', $3)`,
        [product.id, author, createdAt],
      );
    await insert('Oldest', '2024-01-01T08:00:00Z');
    await insert('Same time, first', '2024-03-01T08:00:00Z');
    await insert('Same time, second', '2024-03-01T08:00:00Z');
    await insert('Middle', '2024-02-01T08:00:00Z');
    const page = (await get(`/products/${product.id}/reviews`)).json<ProductReviewPage>();
    expect(page.reviews.map((review) => review.author_name)).toEqual(['Same time, second', 'Same time, first', 'Middle', 'Oldest']);
    expect(page.reviews[0]?.created_at).toBe('2024-03-01T08:00:00.000Z');
    expect(page).toMatchObject({ total: 4, average: 4 });
  });

  test('the table refuses a rating outside 1 to 5 and a blank author', async () => {
    const product = reviewed();
    const insert = (author: string, rating: number) =>
      ctx.database.query(
        `INSERT INTO reviews (product_id, author_name, rating, title, body) VALUES ($1, $2, $3, '', 'x')`,
        [product.id, author, rating],
      );
    await expect(insert('Sam', 6)).rejects.toThrow(/check/i);
    await expect(insert('Sam', 0)).rejects.toThrow(/check/i);
    await expect(insert('  ', 3)).rejects.toThrow(/check/i);
  });

  test('answers 404 not_found for an unknown product', async () => {
    const response = await get('/products/no-such-product/reviews');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'No product "no-such-product"' });
  });

  test.each([
    ['page 0', '?page=0'],
    ['a page that is not a number', '?page=two'],
    ['more than 50 a page', '?limit=51'],
    ['a limit of 0', '?limit=0'],
    ['an unknown parameter', '?sort=oldest'],
  ])('rejects %s with 400 bad_request', async (_what, query) => {
    const response = await get(`/products/${reviewed().id}/reviews${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
  });
});
