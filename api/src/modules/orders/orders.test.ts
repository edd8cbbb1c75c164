import { randomUUID } from 'node:crypto';
import { cartLineKey, DELIVERY_FEE, fromCents, toCents, vatIncluded } from '@storefront/shared/domain';
import type { CartItem, InsufficientStockError, Order, Product } from '@storefront/shared/types';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import {
  DATABASE_TIMEOUT_MS,
  ROOMY_UNPAID_ORDER_LIMITS,
  startTestApp,
  TEST_EFT_ACCOUNT,
  testDatabases,
  type TestApp,
} from '../../testing/testDatabases';
import { REPLAYED_HEADER } from './orderRoutes';
import { addLine, collectOrder, deliveryOrder, postOrder } from '../../testing/orderFixtures';

const ORDER_NUMBER = /^JAC-\d{4}-\d{6}$/;

describe.each(testDatabases())('orders ($name)', (target) => {
  let ctx: TestApp;
  let simple: Product;
  let another: Product;
  let variant: Product;

  beforeAll(async () => {
    ctx = await startTestApp(target, { unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS });
    const catalogue = await fetchCatalogue(ctx.app);
    simple = pickProduct(catalogue, (p) => !p.has_variants && p.stock > 0, 'simple product');
    another = pickProduct(catalogue, (p) => !p.has_variants && p.stock > 0 && p.id !== simple.id, 'second simple product');
    variant = pickProduct(catalogue, (p) => p.has_variants && p.colours.length > 1 && p.sizes.length > 1, 'variant product');
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  beforeEach(async () => {
    // Every test starts from plenty of stock at the seeded prices, whatever the last one did.
    for (const product of [simple, another, variant]) {
      await ctx.database.query('UPDATE products SET stock = 50, price = $2, on_sale_price = $3, on_sale_until = $4 WHERE id = $1', [
        product.id,
        product.price,
        product.on_sale_price,
        product.on_sale_until,
      ]);
    }
  });

  async function stockOf(product: Product): Promise<number> {
    const rows = await ctx.database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product.id]);
    return rows.rows[0]?.stock ?? -1;
  }

  async function cartOf(shopper: ShopperSession): Promise<CartItem[]> {
    return (await shopper.request({ url: '/cart' })).json<CartItem[]>();
  }

  async function ordersOf(shopper: ShopperSession): Promise<Order[]> {
    return (await shopper.request({ url: '/orders' })).json<Order[]>();
  }

  async function countRows(table: 'orders' | 'order_idempotency_keys' | 'shoppers', shopper: ShopperSession): Promise<number> {
    const id = shopper.cookie?.split('=')[1] ?? '';
    const column = table === 'shoppers' ? 'id' : 'shopper_id';
    const rows = await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [id]);
    return rows.rows[0]?.n ?? -1;
  }

  test('places an order from the cart: totals in Rand, lines as bought, cart emptied, stock taken', async () => {
    const shopper = shopperSession(ctx.app);
    const colour = variant.colours[1]?.name ?? '';
    const size = variant.sizes[0]?.name ?? '';
    const simpleLine = await addLine(shopper, simple, 3);
    const variantLine = await addLine(shopper, variant, 2, colour, size);

    const response = await postOrder(shopper, deliveryOrder());
    expect(response.statusCode).toBe(201);
    expect(response.headers[REPLAYED_HEADER]).toBeUndefined();
    const order = response.json<Order>();

    const subtotalCents = toCents(simpleLine.price) * 3 + toCents(variantLine.price) * 2;
    const total = fromCents(subtotalCents + toCents(DELIVERY_FEE));
    expect(order).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      number: expect.stringMatching(ORDER_NUMBER),
      status: 'awaiting_payment',
      created_at: expect.any(String),
      contact: deliveryOrder().contact,
      delivery_method: 'delivery',
      address: { street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' },
      payment_method: 'eft',
      eft_payment: { ...TEST_EFT_ACCOUNT, reference: order.number },
      lines: [
        {
          id: simple.id,
          product_id: simple.id,
          link: simple.link,
          name: simple.name,
          colour: null,
          size: null,
          colour_code: null,
          picture: simple.small_pictures[0] ?? null,
          price: simpleLine.price,
          qty: 3,
          line_total: fromCents(toCents(simpleLine.price) * 3),
        },
        {
          id: cartLineKey(variant, colour, size),
          product_id: variant.id,
          link: variant.link,
          name: variant.name,
          colour,
          size,
          colour_code: variant.colours[1]?.code,
          // A picture of the colour ordered, not the product's first.
          picture: variant.small_pictures.find((picture) => picture.colour === colour) ?? variant.small_pictures[0] ?? null,
          price: variantLine.price,
          qty: 2,
          line_total: fromCents(toCents(variantLine.price) * 2),
        },
      ],
      subtotal: fromCents(subtotalCents),
      delivery: DELIVERY_FEE,
      vat: vatIncluded(total),
      total,
      // Its history starts with its placing; an EFT order is held three days for its payment.
      history: [{ status: 'awaiting_payment', at: order.created_at, note: null }],
      tracking_number: null,
      pay_by: new Date(Date.parse(order.created_at) + 72 * 60 * 60 * 1000).toISOString(),
    });
    expect(new Date(order.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect(await cartOf(shopper)).toEqual([]);
    expect(await stockOf(simple)).toBe(47);
    expect(await stockOf(variant)).toBe(48);
    expect(await ordersOf(shopper)).toEqual([order]);
    const read = await shopper.request({ url: `/orders/${order.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(order);
  });

  test('collecting in store costs no delivery, keeps no address, and cash orders are simply placed', async () => {
    const shopper = shopperSession(ctx.app);
    const line = await addLine(shopper, simple, 2);
    const response = await postOrder(shopper, collectOrder());
    expect(response.statusCode).toBe(201);
    const subtotal = fromCents(toCents(line.price) * 2);
    expect(response.json()).toMatchObject({
      status: 'placed',
      delivery_method: 'collect',
      address: null,
      payment_method: 'cod',
      eft_payment: null,
      subtotal,
      delivery: 0,
      total: subtotal,
      vat: vatIncluded(subtotal),
    });
  });

  test("the price paid is the catalogue's at the moment of ordering, not what the cart showed", async () => {
    const shopper = shopperSession(ctx.app);
    await addLine(shopper, simple, 1);
    await ctx.database.query(`UPDATE products SET price = 321.45, on_sale_price = 300.10, on_sale_until = now() + interval '1 day' WHERE id = $1`, [
      simple.id,
    ]);
    const order = (await postOrder(shopper, collectOrder())).json<Order>();
    expect(order.lines[0]?.price).toBe(300.1);
    expect(order.total).toBe(300.1);
  });

  test('order numbers are unique and rise', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, another, 1);
      numbers.push((await postOrder(shopper)).json<Order>().number);
    }
    expect(new Set(numbers).size).toBe(3);
    expect([...numbers].sort()).toEqual(numbers);
  });

  test('lists the shopper’s orders newest first', async () => {
    const shopper = shopperSession(ctx.app);
    await addLine(shopper, simple, 1);
    const first = (await postOrder(shopper)).json<Order>();
    await addLine(shopper, another, 1);
    const second = (await postOrder(shopper, collectOrder())).json<Order>();
    expect((await ordersOf(shopper)).map((order) => order.number)).toEqual([second.number, first.number]);
  });

  test('an empty cart is a 400 and writes nothing, not even the shopper', async () => {
    const shopper = shopperSession(ctx.app);
    const response = await postOrder(shopper);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'empty_cart', message: expect.any(String) });
    expect(await countRows('shoppers', shopper)).toBe(0);
    expect(await countRows('order_idempotency_keys', shopper)).toBe(0);
  });

  test('a line over the stock is a 409 that lists it and changes nothing; the same key works once it fits', async () => {
    const shopper = shopperSession(ctx.app);
    await addLine(shopper, simple, 2);
    await addLine(shopper, another, 5);
    await ctx.database.query('UPDATE products SET stock = 3 WHERE id = $1', [another.id]);
    const key = randomUUID();

    const refused = await postOrder(shopper, deliveryOrder(), key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<InsufficientStockError>()).toEqual({
      error: 'insufficient_stock',
      message: expect.stringContaining(another.name),
      lines: [{ id: another.id, product_id: another.id, name: another.name, requested: 5, available: 3 }],
    });
    expect((await cartOf(shopper)).map((line) => [line.id, line.qty])).toEqual([
      [simple.id, 2],
      [another.id, 5],
    ]);
    expect(await stockOf(simple)).toBe(50);
    expect(await stockOf(another)).toBe(3);
    expect(await ordersOf(shopper)).toEqual([]);
    expect(await countRows('order_idempotency_keys', shopper)).toBe(0);

    await shopper.request({ method: 'PATCH', url: `/cart/${another.id}`, payload: { id: another.id, qty: 3 } });
    const placed = await postOrder(shopper, deliveryOrder(), key);
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(another)).toBe(0);
  });

  test('two variant lines of one product are checked against its stock together', async () => {
    const shopper = shopperSession(ctx.app);
    const size = variant.sizes[0]?.name ?? '';
    await addLine(shopper, variant, 3, variant.colours[0]?.name, size);
    await addLine(shopper, variant, 3, variant.colours[1]?.name, size);
    await ctx.database.query('UPDATE products SET stock = 5 WHERE id = $1', [variant.id]);
    const refused = await postOrder(shopper);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<InsufficientStockError>().lines.map((line) => [line.id, line.requested, line.available])).toEqual([
      [cartLineKey(variant, variant.colours[0]?.name, size), 6, 5],
      [cartLineKey(variant, variant.colours[1]?.name, size), 6, 5],
    ]);
    expect(await stockOf(variant)).toBe(5);
  });

  describe('Idempotency-Key', () => {
    test('the same key and body again answer 201 with the same order, marked as a replay; stock is taken once', async () => {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, simple, 4);
      const key = randomUUID();
      const first = await postOrder(shopper, deliveryOrder(), key);
      const again = await postOrder(shopper, deliveryOrder(), key);
      expect(again.statusCode).toBe(201);
      expect(again.headers[REPLAYED_HEADER]).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await ordersOf(shopper)).toHaveLength(1);
      expect(await stockOf(simple)).toBe(46);
    });

    test('the same key with a different body is a 422, and the first order stands alone', async () => {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, simple, 1);
      const key = randomUUID();
      await postOrder(shopper, deliveryOrder(), key);
      await addLine(shopper, simple, 1);
      const reused = await postOrder(shopper, collectOrder(), key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({ error: 'idempotency_key_reused', message: expect.any(String) });
      expect(await ordersOf(shopper)).toHaveLength(1);
      expect(await cartOf(shopper)).toHaveLength(1);
    });

    test("another shopper's key of the same value never shows them the first shopper's order", async () => {
      const a = shopperSession(ctx.app);
      const b = shopperSession(ctx.app);
      await addLine(a, simple, 1);
      const key = randomUUID();
      const aOrder = (await postOrder(a, deliveryOrder(), key)).json<Order>();

      const bEmpty = await postOrder(b, deliveryOrder(), key);
      expect(bEmpty.statusCode).toBe(400);
      expect(bEmpty.body).not.toContain(aOrder.number);

      await addLine(b, another, 2);
      const bPlaced = await postOrder(b, deliveryOrder(), key);
      expect(bPlaced.statusCode).toBe(201);
      expect(bPlaced.json<Order>().id).not.toBe(aOrder.id);
      expect(bPlaced.json<Order>().lines.map((line) => line.product_id)).toEqual([another.id]);
    });

    test('ten requests at once with one key make one order, and all ten answer it', async () => {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, simple, 2);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, () => postOrder(shopper, deliveryOrder(), key)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 201));
      expect(new Set(answers.map((answer) => answer.json<Order>().id)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers[REPLAYED_HEADER] === 'true')).toHaveLength(9);
      expect(await ordersOf(shopper)).toHaveLength(1);
      expect(await stockOf(simple)).toBe(48);
    });

    test('ten requests at once with different keys from one cart make one order; the rest find the cart empty', async () => {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, simple, 2);
      const answers = await Promise.all(Array.from({ length: 10 }, () => postOrder(shopper)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array.from({ length: 9 }, () => 400)]);
      expect(await ordersOf(shopper)).toHaveLength(1);
      expect(await stockOf(simple)).toBe(48);
    });

    test('is required', async () => {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, simple, 1);
      for (const key of [null, '', 'has spaces in it', 'x'.repeat(256)]) {
        const response = await postOrder(shopper, deliveryOrder(), key);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'bad_request', message: expect.stringContaining('idempotency-key') });
      }
      expect(await ordersOf(shopper)).toEqual([]);
    });
  });

  describe('bad input answers 400 { error, message } and writes nothing', () => {
    const valid = deliveryOrder();
    const address = valid.delivery;
    const cases: [string, unknown][] = [
      ['no body', undefined],
      ['an unknown top-level field', { ...valid, coupon: 'FREE' }],
      ['an unknown contact field', { ...valid, contact: { ...valid.contact, title: 'Ms' } }],
      ['a missing first name', { ...valid, contact: { ...valid.contact, first_name: undefined } }],
      ['a blank last name', { ...valid, contact: { ...valid.contact, last_name: '   ' } }],
      ['an invalid email', { ...valid, contact: { ...valid.contact, email: 'thandi@' } }],
      ['a local phone number', { ...valid, contact: { ...valid.contact, phone: '0821234567' } }],
      ['a phone number one digit short', { ...valid, contact: { ...valid.contact, phone: '+2782123456' } }],
      ['a delivery without a street', { ...valid, delivery: { ...address, street: undefined } }],
      ['a province that is not one of the nine', { ...valid, delivery: { ...address, province: 'Transvaal' } }],
      ['a three-digit postal code', { ...valid, delivery: { ...address, postal_code: '800' } }],
      ['a postal code with letters', { ...valid, delivery: { ...address, postal_code: '80O1' } }],
      ['a collection with an address', { ...valid, delivery: { ...address, method: 'collect' } }],
      ['an unknown delivery method', { ...valid, delivery: { method: 'drone' } }],
      ['an unknown payment method', { ...valid, payment_method: 'card' }],
      ['a total sent by the client', { ...valid, total: 1 }],
    ];

    test.each(cases)('POST /orders with %s', async (_, body) => {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, simple, 1);
      const response =
        body === undefined
          ? await shopper.request({ method: 'POST', url: '/orders', headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' } })
          : await postOrder(shopper, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
      expect(await cartOf(shopper)).toHaveLength(1);
      expect(await countRows('orders', shopper)).toBe(0);
      expect(await countRows('order_idempotency_keys', shopper)).toBe(0);
      expect(await stockOf(simple)).toBe(50);
    });

    test('query parameters are refused on every orders route', async () => {
      const shopper = shopperSession(ctx.app);
      expect((await shopper.request({ url: '/orders?all=1' })).statusCode).toBe(400);
      expect((await shopper.request({ url: `/orders/${randomUUID()}?all=1` })).statusCode).toBe(400);
      expect((await shopper.request({ method: 'POST', url: '/orders?dry=1', payload: valid, headers: { 'idempotency-key': 'k1' } })).statusCode).toBe(
        400,
      );
    });

    test('an order id that is not a UUID is a 400', async () => {
      const response = await shopperSession(ctx.app).request({ url: '/orders/JAC-2026-000001' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    });
  });

  test("shopper B neither lists nor reads shopper A's orders", async () => {
    const a = shopperSession(ctx.app);
    const b = shopperSession(ctx.app);
    await addLine(a, simple, 1);
    const order = (await postOrder(a)).json<Order>();

    expect(await ordersOf(b)).toEqual([]);
    const peek = await b.request({ url: `/orders/${order.id}` });
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toEqual({ error: 'not_found', message: `No order "${order.id}"` });
    expect(peek.body).not.toContain(order.number);
    expect((await a.request({ url: `/orders/${order.id}` })).statusCode).toBe(200);
    expect((await a.request({ url: `/orders/${randomUUID()}` })).statusCode).toBe(404);
  });

  test('the database itself refuses stock below zero', async () => {
    await expect(ctx.database.query('UPDATE products SET stock = -1 WHERE id = $1', [simple.id])).rejects.toThrow(/check constraint/i);
    expect(await stockOf(simple)).toBe(50);
  });
});
