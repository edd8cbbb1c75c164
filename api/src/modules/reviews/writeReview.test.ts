import type { Product, ProductReview, ProductReviewPage } from '@storefront/shared/types';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

// Each signed-in shopper costs a scrypt hash at OWASP's cost.
jest.setTimeout(60_000);

let counter = 0;

describe.each(testDatabases())('writing a review ($name)', (target) => {
  let ctx: TestApp;
  let product: Product;

  beforeAll(async () => {
    ctx = await startTestApp(target);
    product = pickProduct(await fetchCatalogue(ctx.app), (item) => item.reviews_count === 0 && item.ratings_count === 0, 'product nobody has rated');
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function signedInShopper(first_name = 'Palesa'): Promise<ShopperSession> {
    counter += 1;
    const session = shopperSession(ctx.app);
    const response = await session.request({
      method: 'POST',
      url: '/auth/register',
      payload: { first_name, last_name: 'Nkosi', email: `reviewer.${process.pid}.${counter}@example.co.za`, password: 'long enough secret', phone: '0821234567' },
    });
    expect(response.statusCode).toBe(201);
    return session;
  }

  const productNow = async () => (await ctx.app.inject({ url: `/products/${product.id}` })).json<Product>();

  it('asks a signed-out shopper to sign in, and writes nothing', async () => {
    const response = await shopperSession(ctx.app).request({ method: 'POST', url: `/products/${product.id}/reviews`, payload: { rating: 5, body: 'Great' } });
    expect(response.statusCode).toBe(401);
    expect((await productNow()).reviews_count).toBe(0);
  });

  it('refuses a rating outside 1 to 5, an empty review, an unknown field and an unknown product', async () => {
    const shopper = await signedInShopper();
    for (const payload of [{ rating: 0, body: 'x' }, { rating: 6, body: 'x' }, { rating: 3.5, body: 'x' }, { rating: 4, body: '   ' }, { rating: 4 }, { rating: 4, body: 'x', author_name: 'Someone else' }]) {
      const response = await shopper.request({ method: 'POST', url: `/products/${product.id}/reviews`, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    }
    expect((await shopper.request({ method: 'POST', url: '/products/no-such-product/reviews', payload: { rating: 4, body: 'x' } })).statusCode).toBe(404);
    expect((await productNow()).reviews_count).toBe(0);
  });

  it('saves the review as the account’s, lists it first, and folds it into the product’s rating and counts', async () => {
    const shopper = await signedInShopper('Palesa');
    const response = await shopper.request({
      method: 'POST',
      url: `/products/${product.link.toUpperCase()}/reviews`,
      payload: { rating: 4, title: ' Good value ', body: ' Warm, and the stitching holds. ' },
    });
    expect(response.statusCode).toBe(201);
    const review = response.json<ProductReview>();
    expect(review).toMatchObject({ product_id: product.id, author_name: 'Palesa N.', rating: 4, title: 'Good value', body: 'Warm, and the stitching holds.' });

    const page = (await ctx.app.inject({ url: `/products/${product.id}/reviews` })).json<ProductReviewPage>();
    expect(page.reviews[0]?.id).toBe(review.id);
    expect(await productNow()).toMatchObject({ rating: 4, ratings_count: 1, reviews_count: 1 });

    const again = await shopper.request({ method: 'POST', url: `/products/${product.id}/reviews`, payload: { rating: 1, body: 'Changed my mind' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'already_reviewed', message: 'You have already reviewed this product.' });
    expect(await productNow()).toMatchObject({ rating: 4, ratings_count: 1, reviews_count: 1 });
    const after = (await ctx.app.inject({ url: `/products/${product.id}/reviews` })).json<ProductReviewPage>();
    expect(after).toMatchObject({ total: 1, average: 4 });
    expect(after.reviews).toEqual([review]);
  });

  it('counts every one of several reviews written at once', async () => {
    const shoppers = await Promise.all([signedInShopper('A'), signedInShopper('B'), signedInShopper('C')]);
    const before = await productNow();
    const answers = await Promise.all(
      shoppers.map((shopper, index) => shopper.request({ method: 'POST', url: `/products/${product.id}/reviews`, payload: { rating: index + 3, body: `Review ${index}` } })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const after = await productNow();
    expect(after.reviews_count).toBe(before.reviews_count + 3);
    expect(after.ratings_count).toBe(before.ratings_count + 3);
    const expected = (before.rating * before.ratings_count + 3 + 4 + 5) / (before.ratings_count + 3);
    expect(after.rating).toBeCloseTo(expected, 1);
  });
});
