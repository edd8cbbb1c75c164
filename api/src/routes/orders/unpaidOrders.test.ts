/**
 * What stops a script from taking the shop's stock without paying: a cap on the unpaid orders one
 * shopper and one client address hold, and EFT offered only with the shop's own bank account.
 */
import { randomUUID } from 'node:crypto';
import type { Order, Product } from '@storefront/shared/types';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, TEST_EFT_ACCOUNT, testDatabases, type TestApp } from '../../testing/testDatabases';
import { EFT_UNAVAILABLE, REPLAYED_HEADER, tooManyUnpaidOrdersMessage } from './index';
import { addLine, collectOrder, deliveryOrder } from './orderFixtures';

describe.each(testDatabases())('unpaid orders and EFT ($name)', (target) => {
  describe('the cap, at its defaults (3 per shopper, 3 per address)', () => {
    let ctx: TestApp;
    let product: Product;
    let nextAddress = 10;

    beforeAll(async () => {
      ctx = await startTestApp(target);
      product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock > 0, 'simple product');
    }, DATABASE_TIMEOUT_MS);
    afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

    beforeEach(async () => {
      await ctx.database.query('UPDATE products SET stock = 500 WHERE id = $1', [product.id]);
    });

    /** A client address no other test uses (the shell's proxy gives the api the shopper's address). */
    function freshAddress(): string {
      nextAddress += 1;
      return `198.51.100.${nextAddress}`;
    }

    function fromAddress(shopper: ShopperSession, address: string) {
      return (body: object = deliveryOrder(), key: string = randomUUID()) =>
        shopper.request({ method: 'POST', url: '/orders', payload: body, headers: { 'idempotency-key': key, 'x-forwarded-for': address } });
    }

    async function stock(): Promise<number> {
      return (await ctx.database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product.id])).rows[0]?.stock ?? -1;
    }

    async function ordersOf(shopper: ShopperSession): Promise<Order[]> {
      return (await shopper.request({ url: '/orders' })).json<Order[]>();
    }

    test("a shopper's fourth unpaid order (EFT or cash) is a 429 that says why, and changes nothing", async () => {
      const shopper = shopperSession(ctx.app);
      const order = fromAddress(shopper, freshAddress());
      for (const body of [deliveryOrder(), collectOrder(), deliveryOrder()]) {
        await addLine(shopper, product, 1);
        expect((await order(body)).statusCode).toBe(201);
      }
      await addLine(shopper, product, 2);
      const before = await stock();

      const fourth = await order();
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ error: 'too_many_unpaid_orders', message: tooManyUnpaidOrdersMessage('shopper', 3) });
      expect(fourth.json<{ message: string }>().message).toBe(
        'You already have 3 unpaid orders, the most we hold for one shopper. Once one is paid you can place this order, or contact us and we will help.',
      );
      expect(await stock()).toBe(before);
      expect(await ordersOf(shopper)).toHaveLength(3);
      const cart = (await shopper.request({ url: '/cart' })).json<{ qty: number }[]>();
      expect(cart).toEqual([expect.objectContaining({ qty: 2 })]);
    });

    test('a fresh cookie does not get round it: the fourth unpaid order from one address is refused', async () => {
      const address = freshAddress();
      for (let index = 0; index < 3; index += 1) {
        const shopper = shopperSession(ctx.app);
        await addLine(shopper, product, 1);
        expect((await fromAddress(shopper, address)()).statusCode).toBe(201);
      }
      const newcomer = shopperSession(ctx.app);
      await addLine(newcomer, product, 1);
      const refused = await fromAddress(newcomer, address)();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: 'too_many_unpaid_orders', message: tooManyUnpaidOrdersMessage('address', 3) });
      expect(await ordersOf(newcomer)).toEqual([]);

      // The same shopper from another connection is not held up by this one's.
      expect((await fromAddress(newcomer, freshAddress())()).statusCode).toBe(201);
    });

    test('every address of one IPv6 /64 counts as one client', async () => {
      const prefix = `2c0f:f4c0:${nextAddress.toString(16)}:1`;
      nextAddress += 1;
      for (let index = 1; index <= 3; index += 1) {
        const shopper = shopperSession(ctx.app);
        await addLine(shopper, product, 1);
        expect((await fromAddress(shopper, `${prefix}::${index}`)()).statusCode).toBe(201);
      }
      const rotated = shopperSession(ctx.app);
      await addLine(rotated, product, 1);
      expect((await fromAddress(rotated, `${prefix}:ffff:ffff:ffff:ffff`)()).statusCode).toBe(429);
    });

    test('ten shoppers checking out at once from one address: exactly three orders', async () => {
      const address = freshAddress();
      const shoppers = Array.from({ length: 10 }, () => shopperSession(ctx.app));
      for (const shopper of shoppers) await addLine(shopper, product, 1);
      const before = await stock();

      const answers = await Promise.all(shoppers.map((shopper) => fromAddress(shopper, address)()));

      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
      expect(await stock()).toBe(before - 3);
    });

    test('a retry of an order already placed is answered again at the cap', async () => {
      const shopper = shopperSession(ctx.app);
      const order = fromAddress(shopper, freshAddress());
      let lastKey: string = '';
      for (let index = 0; index < 3; index += 1) {
        await addLine(shopper, product, 1);
        lastKey = randomUUID();
        expect((await order(deliveryOrder(), lastKey)).statusCode).toBe(201);
      }
      const retry = await order(deliveryOrder(), lastKey);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers[REPLAYED_HEADER]).toBe('true');
    });
  });

  describe('the cap, configured', () => {
    let ctx: TestApp;
    beforeAll(async () => {
      ctx = await startTestApp(target, { unpaidOrderLimits: { perShopper: 1, perAddress: 5 } });
    }, DATABASE_TIMEOUT_MS);
    afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

    test('one unpaid order per shopper: the second is refused in the singular', async () => {
      const product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock > 2, 'simple product');
      const shopper = shopperSession(ctx.app);
      const post = () => shopper.request({ method: 'POST', url: '/orders', payload: collectOrder(), headers: { 'idempotency-key': randomUUID() } });
      await addLine(shopper, product, 1);
      expect((await post()).statusCode).toBe(201);
      await addLine(shopper, product, 1);
      const second = await post();
      expect(second.statusCode).toBe(429);
      expect(second.json<{ message: string }>().message).toMatch(/^You already have an unpaid order, the most we hold for one shopper\./);
    });
  });

  describe('EFT', () => {
    let withAccount: TestApp;
    let withoutAccount: TestApp;

    beforeAll(async () => {
      [withAccount, withoutAccount] = await Promise.all([startTestApp(target), startTestApp(target, { eft: null })]);
    }, DATABASE_TIMEOUT_MS);
    afterAll(() => Promise.all([withAccount.close(), withoutAccount.close()]), DATABASE_TIMEOUT_MS);

    async function someProduct(ctx: TestApp): Promise<Product> {
      return pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock > 2, 'simple product');
    }

    test("with the shop's bank account, EFT is offered and every answer about the order says where to pay", async () => {
      const shopper = shopperSession(withAccount.app);
      expect((await shopper.request({ url: '/payment-methods' })).json()).toEqual({ payment_methods: ['eft', 'cod'] });
      await addLine(shopper, await someProduct(withAccount), 1);
      const placed = await shopper.request({ method: 'POST', url: '/orders', payload: deliveryOrder(), headers: { 'idempotency-key': randomUUID() } });
      expect(placed.statusCode).toBe(201);
      const order = placed.json<Order>();
      expect(order.eft_payment).toEqual({
        bank: TEST_EFT_ACCOUNT.bank,
        account_holder: TEST_EFT_ACCOUNT.account_holder,
        account_number: TEST_EFT_ACCOUNT.account_number,
        account_type: TEST_EFT_ACCOUNT.account_type,
        branch_code: TEST_EFT_ACCOUNT.branch_code,
        reference: order.number,
      });
      expect((await shopper.request({ url: `/orders/${order.id}` })).json<Order>().eft_payment).toEqual(order.eft_payment);
      expect((await shopper.request({ url: '/orders' })).json<Order[]>()[0]?.eft_payment).toEqual(order.eft_payment);
    });

    test('without one, the checkout offers cash only and an EFT order is a 400 that changes nothing', async () => {
      const shopper = shopperSession(withoutAccount.app);
      expect((await shopper.request({ url: '/payment-methods' })).json()).toEqual({ payment_methods: ['cod'] });
      const product = await someProduct(withoutAccount);
      await addLine(shopper, product, 1);
      const refused = await shopper.request({ method: 'POST', url: '/orders', payload: deliveryOrder(), headers: { 'idempotency-key': randomUUID() } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'eft_unavailable', message: EFT_UNAVAILABLE });
      expect((await shopper.request({ url: '/orders' })).json()).toEqual([]);
      expect((await shopper.request({ url: '/cart' })).json()).toHaveLength(1);

      const cash = await shopper.request({ method: 'POST', url: '/orders', payload: collectOrder(), headers: { 'idempotency-key': randomUUID() } });
      expect(cash.statusCode).toBe(201);
      expect(cash.json<Order>().eft_payment).toBeNull();
    });
  });
});
