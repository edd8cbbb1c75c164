/**
 * What stops a script from taking the shop's stock without paying: a cap on the unpaid orders one
 * shopper holds, a rate of orders placed from one client address (a fresh cookie for each order
 * does not get round it, and the many shoppers a mobile network puts behind one address are not
 * shut out), and EFT offered only with the shop's own bank account.
 */
import { randomUUID } from 'node:crypto';
import type { Order, Product } from '@storefront/shared/types';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, TEST_EFT_ACCOUNT, testDatabases, type TestApp } from '../../testing/testDatabases';
import { DEFAULT_UNPAID_ORDER_LIMITS } from '../../options';
import { EFT_UNAVAILABLE, REPLAYED_HEADER, tooManyOrdersFromAddressMessage, tooManyUnpaidOrdersMessage } from './orderRoutes';
import { addLine, collectOrder, deliveryOrder } from '../../testing/orderFixtures';

// Twenty-odd orders a test, each a transaction of a dozen statements, on a machine that may be busy.
jest.setTimeout(60_000);

const { placedPerAddress } = DEFAULT_UNPAID_ORDER_LIMITS;

describe.each(testDatabases())('unpaid orders and EFT ($name)', (target) => {
  let nextAddress = 10;

  /** A client address no other test uses (the shell's proxy gives the api the shopper's address). */
  function freshAddress(): string {
    nextAddress += 1;
    return `198.51.100.${nextAddress}`;
  }

  function fromAddress(shopper: ShopperSession, address: string) {
    return (body: object = deliveryOrder(), key: string = randomUUID()) =>
      shopper.request({ method: 'POST', url: '/orders', payload: body, headers: { 'idempotency-key': key, 'x-forwarded-for': address } });
  }

  async function ordersOf(shopper: ShopperSession): Promise<Order[]> {
    return (await shopper.request({ url: '/orders' })).json<Order[]>();
  }

  describe(`at the defaults (3 unpaid per shopper, ${placedPerAddress.max} placed per address an hour)`, () => {
    let ctx: TestApp;
    let product: Product;

    beforeAll(async () => {
      ctx = await startTestApp(target);
      product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock > 0, 'simple product');
    }, DATABASE_TIMEOUT_MS);
    afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

    beforeEach(async () => {
      await ctx.database.query('UPDATE products SET stock = 500 WHERE id = $1', [product.id]);
    });

    async function stock(): Promise<number> {
      return (await ctx.database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product.id])).rows[0]?.stock ?? -1;
    }

    /** A new shopper (a fresh cookie) with one line in their cart, ordering from `address`. */
    async function newShopperAt(address: string) {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, product, 1);
      return { shopper, order: fromAddress(shopper, address) };
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
      expect(fourth.json()).toEqual({ error: 'too_many_unpaid_orders', message: tooManyUnpaidOrdersMessage(3) });
      expect(fourth.json<{ message: string }>().message).toBe(
        'You already have 3 unpaid orders, the most we hold for one shopper. Once one is paid you can place this order, or contact us and we will help.',
      );
      expect(await stock()).toBe(before);
      expect(await ordersOf(shopper)).toHaveLength(3);
      const cart = (await shopper.request({ url: '/cart' })).json<{ qty: number }[]>();
      expect(cart).toEqual([expect.objectContaining({ qty: 2 })]);
    });

    test(`${placedPerAddress.max} shoppers behind one address each place an unpaid order; the next in the hour is told when to try again, and changes nothing`, async () => {
      const address = freshAddress();
      for (let index = 0; index < placedPerAddress.max; index += 1) {
        const { order } = await newShopperAt(address);
        expect((await order()).statusCode).toBe(201);
      }
      const { shopper: next, order } = await newShopperAt(address);
      const before = await stock();

      const refused = await order();
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(placedPerAddress.windowSeconds - 120);
      expect(wait).toBeLessThanOrEqual(placedPerAddress.windowSeconds);
      expect(refused.json()).toEqual({ error: 'too_many_orders_from_address', message: tooManyOrdersFromAddressMessage(placedPerAddress, wait) });
      expect(refused.json<{ message: string }>().message).toMatch(
        /^20 orders have been placed from your internet connection in the last hour, the most we take from one connection \(a mobile network can put many shoppers behind one\)\. Your cart is kept: please try again in (59|60) minutes, or place the order over another connection/,
      );
      expect(await stock()).toBe(before);
      expect(await ordersOf(next)).toEqual([]);
      expect((await next.request({ url: '/cart' })).json()).toHaveLength(1);

      // The same shopper over another connection is not held up by this one's orders.
      expect((await fromAddress(next, freshAddress())()).statusCode).toBe(201);
    });

    test("an order counts for its address for an hour after it was placed, paid or not, and then the address orders again", async () => {
      const address = freshAddress();
      for (let index = 0; index < placedPerAddress.max; index += 1) expect((await (await newShopperAt(address)).order()).statusCode).toBe(201);
      // Paying or cancelling an order gives back no place: the limit is on orders placed.
      await ctx.database.query(`UPDATE orders SET status = 'cancelled' WHERE client_address = $1`, [address]);
      expect((await (await newShopperAt(address)).order()).statusCode).toBe(429);

      // The oldest order was placed 59½ minutes ago: the address waits half a minute.
      await ctx.database.query(
        `UPDATE orders SET created_at = created_at - interval '59 minutes 30 seconds'
         WHERE id = (SELECT id FROM orders WHERE client_address = $1 ORDER BY created_at LIMIT 1)`,
        [address],
      );
      const soon = await (await newShopperAt(address)).order();
      expect(soon.statusCode).toBe(429);
      expect(Number(soon.headers['retry-after'])).toBeGreaterThanOrEqual(25);
      expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(31);
      expect(soon.json<{ message: string }>().message).toMatch(/please try again in \d+ seconds/);

      await ctx.database.query(`UPDATE orders SET created_at = created_at - interval '1 hour' WHERE client_address = $1`, [address]);
      expect((await (await newShopperAt(address)).order()).statusCode).toBe(201);
    });

    test(`${placedPerAddress.max + 5} shoppers checking out at once from one address: exactly ${placedPerAddress.max} orders`, async () => {
      const address = freshAddress();
      const shoppers = await Promise.all(Array.from({ length: placedPerAddress.max + 5 }, () => newShopperAt(address)));
      const before = await stock();

      const answers = await Promise.all(shoppers.map(({ order }) => order()));

      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(placedPerAddress.max);
      expect(codes.filter((code) => code === 429)).toHaveLength(5);
      expect(await stock()).toBe(before - placedPerAddress.max);
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

  describe('configured', () => {
    let ctx: TestApp;
    let product: Product;
    beforeAll(async () => {
      ctx = await startTestApp(target, { unpaidOrderLimits: { perShopper: 1, placedPerAddress: { max: 2, windowSeconds: 600 } } });
      product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock > 10, 'simple product');
    }, DATABASE_TIMEOUT_MS);
    afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

    test('one unpaid order per shopper: the second is refused in the singular', async () => {
      const shopper = shopperSession(ctx.app);
      const post = () => shopper.request({ method: 'POST', url: '/orders', payload: collectOrder(), headers: { 'idempotency-key': randomUUID() } });
      await addLine(shopper, product, 1);
      expect((await post()).statusCode).toBe(201);
      await addLine(shopper, product, 1);
      const second = await post();
      expect(second.statusCode).toBe(429);
      expect(second.json<{ message: string }>().message).toMatch(/^You already have an unpaid order, the most we hold for one shopper\./);
    });

    test('two orders per address in 10 minutes, every address of one IPv6 /64 counting as one client', async () => {
      const prefix = `2c0f:f4c0:${nextAddress.toString(16)}:1`;
      nextAddress += 1;
      for (let index = 1; index <= 2; index += 1) {
        const shopper = shopperSession(ctx.app);
        await addLine(shopper, product, 1);
        expect((await fromAddress(shopper, `${prefix}::${index}`)()).statusCode).toBe(201);
      }
      const rotated = shopperSession(ctx.app);
      await addLine(rotated, product, 1);
      const refused = await fromAddress(rotated, `${prefix}:ffff:ffff:ffff:ffff`)();
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(/^2 orders have been placed from your internet connection in the last 10 minutes/);
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
