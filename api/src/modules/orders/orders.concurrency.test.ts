import type { InsufficientStockError, Order, Product } from '@storefront/shared/types';
import type { LightMyRequestResponse } from 'fastify';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_UNPAID_ORDER_LIMITS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { addLine, postOrder } from '../../testing/orderFixtures';

/** Concurrency on PostgreSQL means real parallel transactions from the pool; give them time. */
const RACE_TIMEOUT_MS = 60_000;

describe.each(testDatabases())('orders under concurrency ($name)', (target) => {
  let ctx: TestApp;
  let catalogue: Product[];

  beforeAll(async () => {
    ctx = await startTestApp(target, { unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS });
    catalogue = await fetchCatalogue(ctx.app);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function setStock(product: Product, stock: number): Promise<void> {
    await ctx.database.query('UPDATE products SET stock = $2 WHERE id = $1', [product.id, stock]);
  }

  async function stockOf(product: Product): Promise<number> {
    const rows = await ctx.database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product.id]);
    return rows.rows[0]?.stock ?? -1;
  }

  async function ordersContaining(product: Product): Promise<number> {
    const rows = await ctx.database.query<{ n: number }>('SELECT count(DISTINCT order_id)::int AS n FROM order_lines WHERE product_id = $1', [
      product.id,
    ]);
    return rows.rows[0]?.n ?? -1;
  }

  function statuses(answers: readonly LightMyRequestResponse[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const answer of answers) counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
    return counts;
  }

  test(
    '50 shoppers check out the last 10 units at once: exactly 10 orders, 40 × 409, stock 0',
    async () => {
      const product = pickProduct(catalogue, (p) => !p.has_variants && p.stock > 0, 'simple product');
      await setStock(product, 50);
      const shoppers: ShopperSession[] = Array.from({ length: 50 }, () => shopperSession(ctx.app));
      for (const shopper of shoppers) await addLine(shopper, product, 1);
      await setStock(product, 10);

      const answers = await Promise.all(shoppers.map((shopper) => postOrder(shopper)));

      expect(statuses(answers)).toEqual({ 201: 10, 409: 40 });
      expect(await stockOf(product)).toBe(0);
      expect(await ordersContaining(product)).toBe(10);
      for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
        expect(refused.json<InsufficientStockError>().lines).toEqual([
          { id: product.id, product_id: product.id, name: product.name, requested: 1, available: 0 },
        ]);
      }
      const numbers = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json<Order>().number);
      expect(new Set(numbers).size).toBe(10);
    },
    RACE_TIMEOUT_MS,
  );

  test(
    'carts holding two products in opposite orders check out at once without deadlock or overselling',
    async () => {
      const [first, second] = catalogue.filter((p) => !p.has_variants && p.stock > 0).slice(1, 3) as [Product, Product];
      await setStock(first, 100);
      await setStock(second, 100);
      const shoppers = Array.from({ length: 30 }, () => shopperSession(ctx.app));
      // Each cart holds 2 of `first` and 1 of `second`; half of them list `second` first.
      for (const [index, shopper] of shoppers.entries()) {
        if (index % 2 === 0) {
          await addLine(shopper, first, 2);
          await addLine(shopper, second, 1);
        } else {
          await addLine(shopper, second, 1);
          await addLine(shopper, first, 2);
        }
      }
      // Enough of `first` for 12 shoppers; `second` never runs short.
      await setStock(first, 24);

      const answers = await Promise.all(shoppers.map((shopper) => postOrder(shopper)));

      expect(statuses(answers)).toEqual({ 201: 12, 409: 18 });
      expect(await stockOf(first)).toBe(0);
      expect(await stockOf(second)).toBe(100 - 12);
    },
    RACE_TIMEOUT_MS,
  );

  test(
    'adds to the cart racing a checkout of the same cart neither oversell nor vanish',
    async () => {
      const product = pickProduct(catalogue, (p) => !p.has_variants && p.stock > 0, 'simple product');
      await setStock(product, 40);
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, product, 5);

      const [order, ...adds] = await Promise.all([postOrder(shopper), ...Array.from({ length: 10 }, () => addLine(shopper, product, 1))]);

      expect(order?.statusCode).toBe(201);
      const ordered = order?.json<Order>().lines[0]?.qty ?? 0;
      const cart = (await shopper.request({ url: '/cart' })).json<{ qty: number }[]>();
      const stillInCart = cart.reduce((sum, line) => sum + line.qty, 0);
      // Every unit added is either in the order or still in the cart, never lost and never doubled.
      expect(adds).toHaveLength(10);
      expect(ordered + stillInCart).toBe(15);
      expect(await stockOf(product)).toBe(40 - ordered);
    },
    RACE_TIMEOUT_MS,
  );
});
