import type { Order, OrderMoveRequest, PlaceOrderRequest, Product, ProductReview, ProductReviewPage } from '@storefront/shared/types';
import { newMachineToken } from '../../identity/machineCredential';
import { registration } from '../../testing/accounts';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_UNPAID_ORDER_LIMITS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { addLine, collectOrder, deliveryOrder, postOrder } from '../../testing/orderFixtures';
import { redecideVerifiedBuyers } from './reviewQueries';

// Each signed-in shopper costs a scrypt hash at OWASP's cost.
jest.setTimeout(60_000);

let counter = 0;

describe.each(testDatabases())('verified buyers’ reviews ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];
  const machine = newMachineToken();

  beforeAll(async () => {
    // Every buyer here orders from app.inject's one address.
    ctx = await startTestApp(target, { unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS, machineTokenHash: machine.hash });
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

  /** Places an order of one of `product`: collected and paid in cash unless `body` says otherwise. */
  async function order(shopper: ShopperSession, product: Product, body: PlaceOrderRequest = collectOrder()): Promise<Order> {
    await addLine(shopper, product, 1);
    const response = await postOrder(shopper, body);
    expect(response.statusCode).toBe(201);
    return response.json<Order>();
  }

  /** An operator's move, as the command line on the api's machine makes it. */
  async function move(placed: Order, body: OrderMoveRequest): Promise<void> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/operator/orders/${placed.number}/moves`,
      headers: { authorization: `Bearer ${machine.token}` },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  }

  /** An EFT order of `product` whose payment the shop has seen. */
  async function paidOrder(shopper: ShopperSession, product: Product): Promise<Order> {
    const placed = await order(shopper, product, deliveryOrder());
    await move(placed, { to: 'paid', reference: `FNB ${placed.number}` });
    return placed;
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

  /** The review's mark as other shoppers read it now. */
  const markOf = async (product: Product, written: ProductReview): Promise<boolean | undefined> =>
    (await reviewsOf(product)).reviews.find((item) => item.id === written.id)?.verified_buyer;

  it('does not mark the review of a shopper whose EFT order was never paid, before or after it expired', async () => {
    const product = freshProduct('simple product for an unpaid EFT order', (item) => item.reviews_count === 0);
    const shopper = await signedInShopper('Pieter');
    const unpaid = await order(shopper.session, product, deliveryOrder());
    const written = await review(shopper.session, product, 5, 'Great, apparently.');
    expect(written.verified_buyer).toBe(false);

    // The payment window closes: the order expires and its stock goes back.
    await ctx.database.query(`UPDATE orders SET created_at = clock_timestamp() - interval '73 hours' WHERE number = $1`, [unpaid.number]);
    await ctx.app.expirySweeper.sweep();
    expect((await shopper.session.request({ url: `/orders/${unpaid.id}` })).json<Order>().status).toBe('expired');
    expect(await markOf(product, written)).toBe(false);
    expect((await reviewsOf(product)).verified_count).toBe(0);
  });

  it('marks a review written before the payment when the order is marked paid, and never one written before the order was placed', async () => {
    const product = freshProduct('simple product reviewed before paying', (item) => item.reviews_count === 0);
    const buyer = await signedInShopper('Ayanda');
    const early = await signedInShopper('Megan');
    const placed = await order(buyer.session, product, deliveryOrder());
    const written = await review(buyer.session, product, 4, 'Ordered, paying tomorrow.');
    const before = await review(early.session, product, 3, 'Reviewed before ordering.');
    const later = await order(early.session, product, deliveryOrder());
    expect([written.verified_buyer, before.verified_buyer]).toEqual([false, false]);

    await move(placed, { to: 'paid', reference: 'FNB 4411' });
    await move(later, { to: 'paid', reference: 'FNB 4412' });

    expect(await markOf(product, written)).toBe(true);
    expect(await markOf(product, before)).toBe(false);
    expect((await reviewsOf(product)).verified_count).toBe(1);
  });

  it('counts cash when it comes in: a collect order makes a verified buyer when it is collected, not when placed or ready', async () => {
    const product = freshProduct('simple product collected in store', (item) => item.reviews_count === 0);
    const buyer = await signedInShopper('Zanele');
    const placed = await order(buyer.session, product);
    const written = await review(buyer.session, product, 5, 'Collecting on Saturday.');
    expect(written.verified_buyer).toBe(false);
    await move(placed, { to: 'packed' });
    await move(placed, { to: 'ready_for_collection' });
    expect(await markOf(product, written)).toBe(false);
    await move(placed, { to: 'collected' });
    expect(await markOf(product, written)).toBe(true);
  });

  it('takes the mark away when the paid order is cancelled (refunded), unless another paid order of the product stands', async () => {
    const product = freshProduct('simple product bought and refunded', (item) => item.reviews_count === 0);
    const refunded = await signedInShopper('Thabo');
    const twice = await signedInShopper('Grace');
    const only = await paidOrder(refunded.session, product);
    const first = await paidOrder(twice.session, product);
    await paidOrder(twice.session, product);
    const refundedReview = await review(refunded.session, product, 1, 'Sent it back.');
    const keptReview = await review(twice.session, product, 4, 'Kept one of two.');
    expect([refundedReview.verified_buyer, keptReview.verified_buyer]).toEqual([true, true]);

    await move(only, { to: 'cancelled', reason: 'Refunded at the shopper’s request' });
    await move(first, { to: 'cancelled', reason: 'Ordered twice by mistake' });

    expect(await markOf(product, refundedReview)).toBe(false);
    expect(await markOf(product, keptReview)).toBe(true);
    expect((await reviewsOf(product)).verified_count).toBe(1);
  });

  it('marks a review written while its order is being marked paid: the review waits for the payment to commit', async () => {
    const product = freshProduct('simple product paid and reviewed at once', (item) => item.reviews_count === 0);
    const buyer = await signedInShopper('Nomsa');
    const placed = await order(buyer.session, product, deliveryOrder());
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let changed = () => {};
    const changedYet = new Promise<void>((resolve) => {
      changed = resolve;
    });
    // An operator's "mark paid" caught just before it commits: it has changed the order and
    // looked for the account's reviews of its products, finding none yet.
    const marking = ctx.database.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM orders WHERE id = $1::uuid FOR UPDATE', [placed.id]);
      await tx.query(`UPDATE orders SET status = 'paid', paid_at = clock_timestamp() WHERE id = $1::uuid`, [placed.id]);
      await redecideVerifiedBuyers(tx, placed.id);
      changed();
      await released;
    });
    await changedYet;
    const writing = review(buyer.session, product, 5, 'Paid and reviewed at once.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await marking;
    const written = await writing;
    expect(written.verified_buyer).toBe(true);
    expect(await markOf(product, written)).toBe(true);
  });

  it('marks the review of a shopper who paid for the product, and not of one who paid for something else or only has it in the cart', async () => {
    const product = freshProduct('simple product in stock');
    const other = freshProduct('second simple product in stock');
    const buyer = await signedInShopper('Ayesha');
    const browser = await signedInShopper('Johan');
    await paidOrder(buyer.session, product);
    await paidOrder(browser.session, other);
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
    for (const buyer of buyers) await paidOrder(buyer.session, product);
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

  it('keeps the mark as written: a paid order placed after the review does not add it, a deleted account does not take it away', async () => {
    const product = freshProduct('simple product in stock nobody has reviewed', (item) => item.reviews_count === 0);
    const buyer = await signedInShopper('Lerato');
    const later = await signedInShopper('Megan');
    await paidOrder(buyer.session, product);
    const verified = await review(buyer.session, product, 5, 'Lovely.');
    const unverified = await review(later.session, product, 3, 'Reviewed before buying.');
    await paidOrder(later.session, product);

    await ctx.database.query('DELETE FROM users WHERE email_key = $1', [buyer.email]);

    const page = await reviewsOf(product);
    expect(page.reviews.map((item) => [item.id, item.verified_buyer])).toEqual([
      [unverified.id, false],
      [verified.id, true],
    ]);
    expect(page.verified_count).toBe(1);
  });
});
