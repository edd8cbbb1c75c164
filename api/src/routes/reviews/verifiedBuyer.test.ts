import type { Product, ProductReview, ProductReviewPage } from '@storefront/shared/types';
import { registration } from '../../testing/accounts';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_UNPAID_ORDER_LIMITS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { addLine, collectOrder, postOrder } from '../orders/orderFixtures';

// Each signed-in shopper costs a scrypt hash at OWASP's cost.
jest.setTimeout(60_000);

let counter = 0;

describe.each(testDatabases())('verified buyers’ reviews ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];

  beforeAll(async () => {
    // Every buyer here orders from app.inject's one address.
    ctx = await startTestApp(target, { unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS });
    catalogue = await fetchCatalogue(ctx.app);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  const taken = new Set<string>();
  /** A simple product in stock that no other test here writes reviews of or orders. */
  function freshProduct(what: string, test: (product: Product) => boolean = () => true): Product {
    const product = pickProduct(
      catalogue.filter((item) => !taken.has(item.id)),
      (item) => !item.has_variants && item.available_stock >= 5 && test(item),
      what,
    );
    taken.add(product.id);
    return product;
  }

  async function signedInShopper(first_name: string): Promise<{ session: ShopperSession; email: string }> {
    counter += 1;
    const email = `verified.${process.pid}.${counter}@example.co.za`;
    const session = shopperSession(ctx.app);
    const response = await session.request({ method: 'POST', url: '/auth/register', payload: registration(email, { first_name }) });
    expect(response.statusCode).toBe(201);
    return { session, email };
  }

  async function order(shopper: ShopperSession, product: Product): Promise<void> {
    await addLine(shopper, product, 1);
    const response = await postOrder(shopper, collectOrder());
    expect(response.statusCode).toBe(201);
  }

  async function review(shopper: ShopperSession, product: Product, rating: number, body: string): Promise<ProductReview> {
    const response = await shopper.request({ method: 'POST', url: `/products/${product.id}/reviews`, payload: { rating, body } });
    expect(response.statusCode).toBe(201);
    return response.json<ProductReview>();
  }

  const reviewsOf = async (product: Product, query = ''): Promise<ProductReviewPage> => {
    const response = await ctx.app.inject({ url: `/products/${product.id}/reviews${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<ProductReviewPage>();
  };

  it('does not mark the review of a shopper whose only order of the product was cancelled or expired', async () => {
    for (const [status, name] of [['cancelled', 'Musa'], ['expired', 'Pieter']] as const) {
      const product = freshProduct(`simple product for a ${status} order`);
      const shopper = await signedInShopper(name);
      await order(shopper.session, product);
      await ctx.database.query(
        `UPDATE orders SET status = $2 WHERE shopper_id = (SELECT shopper_id FROM users WHERE first_name = $1 ORDER BY created_at DESC LIMIT 1)`,
        [name, status],
      );
      expect(await review(shopper.session, product, 4, 'Never arrived.')).toMatchObject({ verified_buyer: false });
    }
  });

  it('marks the review of a shopper who ordered the product, and not of one who ordered something else or only has it in the cart', async () => {
    const product = freshProduct('simple product in stock');
    const other = freshProduct('second simple product in stock');
    const buyer = await signedInShopper('Ayesha');
    const browser = await signedInShopper('Johan');
    await order(buyer.session, product);
    await order(browser.session, other);
    await addLine(browser.session, product, 1);

    expect(await review(buyer.session, product, 5, 'Bought two, both fit.')).toMatchObject({ author_name: 'Ayesha M.', verified_buyer: true });
    expect(await review(browser.session, product, 1, 'Never tried it, but no.')).toMatchObject({ author_name: 'Johan M.', verified_buyer: false });

    const page = await reviewsOf(product);
    expect(page.reviews.filter((item) => item.author_name === 'Ayesha M.' || item.author_name === 'Johan M.').map((item) => [item.author_name, item.verified_buyer])).toEqual([
      ['Johan M.', false],
      ['Ayesha M.', true],
    ]);
    expect(page.verified_count).toBe(1);
  });

  it('counts the verified reviews among all of the product’s, the same on every page', async () => {
    const product = freshProduct('simple product in stock with a few seeded reviews', (item) => item.reviews_count >= 3 && item.reviews_count <= 20);
    const buyers = [await signedInShopper('Naledi'), await signedInShopper('Pieter')];
    for (const buyer of buyers) await order(buyer.session, product);
    const reviewer = await signedInShopper('Sipho');
    for (const [index, buyer] of buyers.entries()) await review(buyer.session, product, 4, `Verified ${index}`);
    await review(reviewer.session, product, 2, 'Not a buyer');

    const total = product.reviews_count + 3;
    const pages: ProductReviewPage[] = [];
    for (let number = 1; (number - 1) * 2 < total; number += 1) pages.push(await reviewsOf(product, `?page=${number}&limit=2`));
    expect(pages.map((page) => [page.total, page.verified_count])).toEqual(pages.map(() => [total, 2]));
    const listed = pages.flatMap((page) => page.reviews);
    expect(listed).toHaveLength(total);
    expect(listed.filter((item) => item.verified_buyer).map((item) => item.body).sort()).toEqual(['Verified 0', 'Verified 1']);
  });

  it('keeps the mark as written: an order placed after the review does not add it, a deleted account does not take it away', async () => {
    const product = freshProduct('simple product in stock nobody has reviewed', (item) => item.reviews_count === 0);
    const buyer = await signedInShopper('Lerato');
    const later = await signedInShopper('Megan');
    await order(buyer.session, product);
    const verified = await review(buyer.session, product, 5, 'Lovely.');
    const unverified = await review(later.session, product, 3, 'Reviewed before buying.');
    await order(later.session, product);

    await ctx.database.query('DELETE FROM users WHERE email_key = $1', [buyer.email]);

    const page = await reviewsOf(product);
    expect(page.reviews.map((item) => [item.id, item.verified_buyer])).toEqual([
      [unverified.id, false],
      [verified.id, true],
    ]);
    expect(page.verified_count).toBe(1);
  });
});
