/**
 * An order's life after checkout: operators move it (paid, packed, shipped or ready, delivered or
 * collected, cancelled), the shop expires unpaid EFT orders, every change is recorded and mailed,
 * stock follows; operators list, search, count and export them. Who may reach an order:
 * orderAccess.test.ts.
 */
import type { OperatorOrder, OperatorOrderPage, OperatorSummary, Order, OrderStatus, Product } from '@storefront/shared/types';
import { registeredShopper } from '../../testing/accounts';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import type { ShopperSession } from '../../testing/shopperSession';
import {
  DATABASE_TIMEOUT_MS,
  ROOMY_RATE_LIMITS,
  ROOMY_UNPAID_ORDER_LIMITS,
  startTestApp,
  testDatabases,
  type TestApp,
} from '../../testing/testDatabases';
import { grantOperator } from '../operators';
import { ORDER_STATUSES } from '@storefront/shared/domain';
import { shopMoment } from '../../mail/layout';
import { shopPeriodStarts, spreadsheetSafe } from './operatorQueries';
import { addLine, collectOrder, deliveryOrder } from '../../testing/orderFixtures';

const OPERATOR_EMAIL = 'ops@jacaranda.example';

describe.each(testDatabases())('the life of an order ($name)', (target) => {
  let ctx: TestApp;
  let product: Product;
  let operator: ShopperSession;
  let shopper: ShopperSession;
  let nextAddress = 1;

  const signedIn = (email: string) => registeredShopper(ctx.app, email);

  beforeAll(async () => {
    ctx = await startTestApp(target, {
      unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS,
      limits: ROOMY_RATE_LIMITS,
      storefrontUrl: 'https://shop.example.co.za',
    });
    product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock > 0, 'simple product');
    operator = await signedIn(OPERATOR_EMAIL);
    expect((await grantOperator(ctx.database, OPERATOR_EMAIL)).kind).toBe('granted');
    shopper = await signedIn('buyer@example.co.za');
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  beforeEach(async () => {
    await ctx.database.query('UPDATE products SET stock = 50 WHERE id = $1', [product.id]);
  });

  async function stock(): Promise<number> {
    return (await ctx.database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [product.id])).rows[0]?.stock ?? -1;
  }

  /** Places an order of `qty` of the product as `who`, from an address of its own. */
  async function place(who: ShopperSession = shopper, body = deliveryOrder(), qty = 2): Promise<Order> {
    await addLine(who, product, qty);
    nextAddress += 1;
    const response = await who.request({
      method: 'POST',
      url: '/orders',
      payload: body,
      headers: { 'idempotency-key': `life-${nextAddress}-${Date.now()}`, 'x-forwarded-for': `203.0.113.${nextAddress % 250}` },
    });
    if (response.statusCode !== 201) throw new Error(`POST /orders answered ${response.statusCode}: ${response.body}`);
    return response.json<Order>();
  }

  function move(number: string, body: object, as: ShopperSession = operator) {
    return as.request({ method: 'POST', url: `/operator/orders/${number}/moves`, payload: body });
  }

  async function moved(number: string, body: object): Promise<OperatorOrder> {
    const response = await move(number, body);
    if (response.statusCode !== 200) throw new Error(`move ${JSON.stringify(body)} answered ${response.statusCode}: ${response.body}`);
    return response.json<OperatorOrder>();
  }

  async function mailTo(email: string): Promise<{ subject: string; body: string }[]> {
    return (await ctx.database.query<{ subject: string; body: string }>('SELECT subject, text_body AS body FROM mail_outbox WHERE recipient = $1 ORDER BY id', [email])).rows;
  }

  test('an EFT delivery goes paid → packed → shipped → delivered; each change is recorded, mailed and shown to its shopper', async () => {
    const email = `eft-${Date.now()}@example.co.za`;
    const order = await place(shopper, deliveryOrder({ contact: { ...deliveryOrder().contact, email } }));
    expect(order.status).toBe('awaiting_payment');
    expect(order.history).toEqual([{ status: 'awaiting_payment', at: order.created_at, note: null }]);
    // Three days to pay, by default.
    expect(Date.parse(order.pay_by ?? '')).toBe(Date.parse(order.created_at) + 72 * 3600 * 1000);

    const paid = await moved(order.number, { to: 'paid', reference: ' FNB 123456 ' });
    expect(paid).toMatchObject({ status: 'paid', payment_reference: 'FNB 123456', next_statuses: ['packed', 'cancelled'], pay_by: null });
    expect(paid.paid_at).not.toBeNull();
    await moved(order.number, { to: 'packed' });
    const shipped = await moved(order.number, { to: 'shipped', tracking: 'TCG-998877' });
    expect(shipped).toMatchObject({ status: 'shipped', tracking_number: 'TCG-998877', next_statuses: ['delivered'] });
    const delivered = await moved(order.number, { to: 'delivered' });
    expect(delivered.next_statuses).toEqual([]);
    expect(delivered.history.map(({ status, by, note }) => ({ status, by, note }))).toEqual([
      { status: 'awaiting_payment', by: 'shop', note: null },
      { status: 'paid', by: OPERATOR_EMAIL, note: 'FNB 123456' },
      { status: 'packed', by: OPERATOR_EMAIL, note: null },
      { status: 'shipped', by: OPERATOR_EMAIL, note: 'TCG-998877' },
      { status: 'delivered', by: OPERATOR_EMAIL, note: null },
    ]);

    // The shopper sees the state, the history and the tracking number, not who at the shop did what.
    const seen = (await shopper.request({ url: `/orders/${order.id}` })).json<Order>();
    expect(seen.status).toBe('delivered');
    expect(seen.tracking_number).toBe('TCG-998877');
    expect(seen.history.map(({ status, note }) => ({ status, note }))).toEqual([
      { status: 'awaiting_payment', note: null },
      { status: 'paid', note: null },
      { status: 'packed', note: null },
      { status: 'shipped', note: 'TCG-998877' },
      { status: 'delivered', note: null },
    ]);
    expect(JSON.stringify(seen)).not.toContain(OPERATOR_EMAIL);
    expect((await shopper.request({ url: '/orders' })).json<Order[]>().find((one) => one.id === order.id)?.status).toBe('delivered');

    const mails = await mailTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your Jacaranda order ${order.number}`,
      `Payment received for your Jacaranda order ${order.number}`,
      `Your Jacaranda order ${order.number} is on its way`,
    ]);
    expect(mails[0]?.body).toContain(`We hold your order until ${shopMoment(order.pay_by ?? '')}; if the payment has not reflected by then, the order expires.`);
    expect(mails[2]?.body).toContain('Your tracking number is TCG-998877');
    expect(mails[2]?.body).toContain(`https://shop.example.co.za/order-status?number=${order.number}`);
  });

  test('a cash order to collect goes packed → ready for collection → collected, and counts as paid when collected', async () => {
    const order = await place(shopper, collectOrder());
    expect(order.status).toBe('placed');
    await moved(order.number, { to: 'packed' });
    const ready = await moved(order.number, { to: 'ready_for_collection' });
    expect(ready.paid_at).toBeNull();
    const collected = await moved(order.number, { to: 'collected' });
    expect(collected.paid_at).not.toBeNull();
    expect((await mailTo(order.contact.email)).map((mail) => mail.subject)).toContain(`Your Jacaranda order ${order.number} is ready to collect`);
  });

  test.each<[string, OrderStatus[], object, string]>([
    ['an unpaid EFT order cannot be packed', [], { to: 'packed' }, 'An order that is awaiting payment can only be paid or cancelled.'],
    ['an order cannot expire by hand', [], { to: 'expired' }, 'Only an unpaid EFT order expires, and only once its payment window has passed: cancel it instead.'],
    ['an order is not moved to its own state', [], { to: 'awaiting_payment' }, 'The order is already awaiting payment.'],
    ['a delivered order is not made ready for collection', ['paid', 'packed'], { to: 'ready_for_collection' }, 'This order is delivered: mark it shipped.'],
    ['a shipped order cannot be cancelled', ['paid', 'packed', 'shipped'], { to: 'cancelled', reason: 'Changed mind' }, 'The order has left the shop and can no longer be cancelled.'],
    ['a delivered order moves no more', ['paid', 'packed', 'shipped', 'delivered'], { to: 'packed' }, 'The order is delivered: nothing moves it on.'],
    ['a cancelled order is not paid', ['cancelled'], { to: 'paid', reference: 'X' }, 'The order is cancelled: nothing moves it on.'],
  ])('refused: %s (409, nothing changes)', async (_name, path, body, message) => {
    const order = await place();
    for (const to of path) {
      await moved(order.number, { to, ...(to === 'paid' ? { reference: 'REF' } : to === 'cancelled' ? { reason: 'Test' } : {}) });
    }
    const before = (await operator.request({ url: `/operator/orders/${order.number}` })).json<OperatorOrder>();
    const stockBefore = await stock();
    const refused = await move(order.number, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'illegal_move', message });
    expect((await operator.request({ url: `/operator/orders/${order.number}` })).json<OperatorOrder>()).toEqual(before);
    expect(await stock()).toBe(stockBefore);
  });

  /** Every move the shop allows, written out by hand: "payment delivery from" → the states it may go to. */
  const ALLOWED: Record<string, OrderStatus[]> = {
    'eft delivery awaiting_payment': ['paid', 'cancelled'],
    'eft delivery paid': ['packed', 'cancelled'],
    'eft delivery packed': ['shipped', 'cancelled'],
    'eft delivery shipped': ['delivered'],
    'eft delivery delivered': [],
    'eft delivery cancelled': [],
    'eft delivery expired': [],
    'eft collect awaiting_payment': ['paid', 'cancelled'],
    'eft collect packed': ['ready_for_collection', 'cancelled'],
    'eft collect ready_for_collection': ['collected', 'cancelled'],
    'cod delivery placed': ['packed', 'cancelled'],
    'cod delivery packed': ['shipped', 'cancelled'],
    'cod delivery shipped': ['delivered'],
    'cod collect placed': ['packed', 'cancelled'],
    'cod collect packed': ['ready_for_collection', 'cancelled'],
    'cod collect ready_for_collection': ['collected', 'cancelled'],
    'cod collect collected': [],
  };

  test.each(Object.entries(ALLOWED))('from "%s" exactly these moves are taken, and every other is a 409 that changes nothing', async (key, allowed) => {
    const [payment, delivery, from] = key.split(' ') as ['eft' | 'cod', 'delivery' | 'collect', OrderStatus];
    const order = await place(shopper, deliveryOrder({ payment_method: payment, ...(delivery === 'collect' ? { delivery: { method: 'collect' } } : {}) }), 1);
    const taken: OrderStatus[] = [];
    for (const to of ORDER_STATUSES) {
      await ctx.database.query('UPDATE orders SET status = $2 WHERE number = $1', [order.number, from]);
      const before = (await operator.request({ url: `/operator/orders/${order.number}` })).json<OperatorOrder>();
      const body = { to, ...(to === 'paid' ? { reference: 'REF' } : to === 'cancelled' ? { reason: 'Test' } : to === 'shipped' ? { tracking: 'T1' } : {}) };
      const response = await move(order.number, body);
      if (response.statusCode === 200) {
        taken.push(to);
        expect(response.json<OperatorOrder>().status).toBe(to);
      } else {
        expect([to, response.statusCode, response.json<{ error: string }>().error]).toEqual([to, 409, 'illegal_move']);
        expect((await operator.request({ url: `/operator/orders/${order.number}` })).json<OperatorOrder>()).toEqual(before);
      }
    }
    expect(taken).toEqual(allowed);
  });

  test('a cash order is not marked paid before it is delivered', async () => {
    const order = await place(shopper, collectOrder());
    const refused = await move(order.number, { to: 'paid', reference: 'X' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('A cash order is paid when it is delivered or collected.');
  });

  test.each<[string, object, string]>([
    ['paid without a reference', { to: 'paid' }, 'invalid_reference'],
    ['paid with a blank reference', { to: 'paid', reference: '   ' }, 'invalid_body'],
    ['cancelled without a reason', { to: 'cancelled' }, 'invalid_reason'],
    ['a tracking number on a payment', { to: 'paid', reference: 'R', tracking: 'T' }, 'invalid_tracking'],
    ['a reference on a cancellation', { to: 'cancelled', reason: 'R', reference: 'X' }, 'invalid_reference'],
    ['an unknown state', { to: 'lost' }, ''],
    ['an unknown field', { to: 'paid', reference: 'R', amount: 5 }, ''],
    ['a reason too long', { to: 'cancelled', reason: 'x'.repeat(501) }, ''],
  ])('bad input: %s is a 400 naming the field, and changes nothing', async (_name, body, error) => {
    const order = await place();
    const refused = await move(order.number, body);
    expect(refused.statusCode).toBe(400);
    if (error && error !== 'invalid_body') expect(refused.json<{ error: string }>().error).toBe(error);
    const after = (await operator.request({ url: `/operator/orders/${order.number}` })).json<OperatorOrder>();
    expect(after.status).toBe('awaiting_payment');
    expect(after.history).toHaveLength(1);
  });

  test('an unknown or malformed number is a 404 or a 400', async () => {
    expect((await move('JAC-2026-999999999', { to: 'packed' })).statusCode).toBe(404);
    expect((await operator.request({ url: '/operator/orders/JAC-2026-999999999' })).statusCode).toBe(404);
    expect((await operator.request({ url: '/operator/orders/not-a-number' })).statusCode).toBe(400);
  });

  test('cancelling returns the units to stock in the same change, and the product shows them at once', async () => {
    const before = await stock();
    const order = await place(shopper, deliveryOrder(), 3);
    expect(await stock()).toBe(before - 3);
    await moved(order.number, { to: 'paid', reference: 'REF-1' });
    const cancelled = await moved(order.number, { to: 'cancelled', reason: 'Out of this colour' });
    expect(cancelled.status).toBe('cancelled');
    expect(await stock()).toBe(before);
    expect((await shopper.request({ url: `/products/${product.id}` })).json<Product>().stock).toBe(before);
    const seen = (await shopper.request({ url: `/orders/${order.id}` })).json<Order>();
    expect(seen.history.at(-1)).toMatchObject({ status: 'cancelled', note: 'Out of this colour' });
    const mail = (await mailTo(order.contact.email)).at(-1);
    expect(mail?.subject).toBe(`Your Jacaranda order ${order.number} has been cancelled`);
    expect(mail?.body).toContain('The reason: Out of this colour');
    expect(mail?.body).toContain('We will refund your payment');
  });

  test('two operators cancelling at once: one succeeds, the other is refused, and the stock comes back once', async () => {
    const before = await stock();
    const order = await place(shopper, deliveryOrder(), 4);
    const answers = await Promise.all([
      move(order.number, { to: 'cancelled', reason: 'First' }),
      move(order.number, { to: 'cancelled', reason: 'Second' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await stock()).toBe(before);
    const history = (await operator.request({ url: `/operator/orders/${order.number}` })).json<OperatorOrder>().history;
    expect(history.filter((event) => event.status === 'cancelled')).toHaveLength(1);
  });

  describe('the payment window', () => {
    async function ageOrder(number: string, hours: number): Promise<void> {
      await ctx.database.query(`UPDATE orders SET created_at = clock_timestamp() - make_interval(mins => $2) WHERE number = $1`, [number, Math.round(hours * 60)]);
    }

    test('a day before it closes the shopper is reminded, once; when it closes the order expires and its stock comes back', async () => {
      const before = await stock();
      const email = `late-${Date.now()}@example.co.za`;
      const order = await place(shopper, deliveryOrder({ contact: { ...deliveryOrder().contact, email } }), 2);
      const paidOrder = await place(shopper, deliveryOrder(), 1);
      await moved(paidOrder.number, { to: 'paid', reference: 'ON-TIME' });

      await ageOrder(order.number, 49);
      await ageOrder(paidOrder.number, 100);
      await ctx.app.expirySweeper.sweep();
      await ctx.app.expirySweeper.sweep();
      let mails = await mailTo(email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Your Jacaranda order ${order.number}`,
        `Reminder: your Jacaranda order ${order.number} is waiting for payment`,
      ]);
      expect(mails[1]?.body).toContain(`with ${order.number} as the reference`);
      expect((await shopper.request({ url: `/orders/${order.id}` })).json<Order>().status).toBe('awaiting_payment');

      await ageOrder(order.number, 72.1);
      await ctx.app.expirySweeper.sweep();
      const expired = (await shopper.request({ url: `/orders/${order.id}` })).json<Order>();
      expect(expired.status).toBe('expired');
      expect(expired.pay_by).toBeNull();
      expect(expired.history.at(-1)).toMatchObject({ status: 'expired', note: null });
      expect((await operator.request({ url: `/operator/orders/${order.number}` })).json<OperatorOrder>().history.at(-1)?.by).toBe('shop');
      mails = await mailTo(email);
      expect(mails.at(-1)?.subject).toBe(`Your Jacaranda order ${order.number} has expired`);
      // The paid one is untouched, and only the expired order's units came back.
      expect((await shopper.request({ url: `/orders/${paidOrder.id}` })).json<Order>().status).toBe('paid');
      expect(await stock()).toBe(before - 1);
    });
  });

  test('the list filters by state, searches number, email and name, pages newest first, and the summary counts money in', async () => {
    const unique = `pager-${Date.now()}@example.co.za`;
    const placed: Order[] = [];
    for (let index = 0; index < 27; index += 1) {
      placed.push(await place(shopper, deliveryOrder({ contact: { ...deliveryOrder().contact, email: unique, first_name: 'Zanele', last_name: `Pager${index}` } }), 1));
    }
    const first = (await operator.request({ url: `/operator/orders?q=${encodeURIComponent(unique.toUpperCase())}` })).json<OperatorOrderPage>();
    expect(first).toMatchObject({ page: 1, per_page: 25, total_count: 27 });
    expect(first.orders[0]?.number).toBe(placed.at(-1)?.number);
    const second = (await operator.request({ url: `/operator/orders?q=${encodeURIComponent(unique)}&page=2` })).json<OperatorOrderPage>();
    expect(second.orders.map((row) => row.number)).toEqual([placed[1]?.number, placed[0]?.number]);

    const byName = (await operator.request({ url: '/operator/orders?q=zanele%20pager26' })).json<OperatorOrderPage>();
    expect(byName.orders.map((row) => row.number)).toEqual([placed[26]?.number]);
    expect(byName.orders[0]).toMatchObject({ name: 'Zanele Pager26', email: unique, status: 'awaiting_payment', payment_method: 'eft' });
    const byNumber = (await operator.request({ url: `/operator/orders?q=${placed[3]?.number ?? ''}` })).json<OperatorOrderPage>();
    expect(byNumber.orders.map((row) => row.number)).toEqual([placed[3]?.number]);
    // A % is a character, not a wildcard.
    expect((await operator.request({ url: '/operator/orders?q=%25' })).json<OperatorOrderPage>().total_count).toBe(0);

    const summaryBefore = (await operator.request({ url: '/operator/summary' })).json<OperatorSummary>();
    await moved(placed[5]?.number ?? '', { to: 'paid', reference: 'A' });
    await moved(placed[6]?.number ?? '', { to: 'paid', reference: 'B' });
    const paidOnly = (await operator.request({ url: `/operator/orders?status=paid&q=${encodeURIComponent(unique)}` })).json<OperatorOrderPage>();
    expect(paidOnly.orders.map((row) => row.number)).toEqual([placed[6]?.number, placed[5]?.number]);
    const summary = (await operator.request({ url: '/operator/summary' })).json<OperatorSummary>();
    const each = placed[5]?.total ?? 0;
    expect(summary.today.count).toBe(summaryBefore.today.count + 2);
    expect(summary.today.total).toBeCloseTo(summaryBefore.today.total + 2 * each, 2);
    expect(summary.month.count).toBe(summaryBefore.month.count + 2);
    // A cancelled order's money went back.
    await moved(placed[6]?.number ?? '', { to: 'cancelled', reason: 'Refunded' });
    expect((await operator.request({ url: '/operator/summary' })).json<OperatorSummary>().today.count).toBe(summaryBefore.today.count + 1);

    expect((await operator.request({ url: '/operator/orders?status=lost' })).statusCode).toBe(400);
    expect((await operator.request({ url: '/operator/orders?page=0' })).statusCode).toBe(400);
  });

  test('the CSV export has a row per order with the bookkeeper’s columns, formulas defused', async () => {
    const email = `csv-${Date.now()}@example.co.za`;
    const order = await place(shopper, deliveryOrder({ contact: { ...deliveryOrder().contact, email, first_name: '=HYPERLINK("x")' } }), 1);
    await moved(order.number, { to: 'paid', reference: '+REF 77' });
    const response = await operator.request({ url: `/operator/orders.csv?q=${encodeURIComponent(email)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'number,placed_at,status,first_name,last_name,email,phone,delivery_method,payment_method,payment_reference,paid_at,tracking_number,subtotal,delivery,vat,total',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${order.number},${order.created_at},paid,"'=HYPERLINK(""x"")",Nkosi,${email},+27821234567,delivery,eft,'+REF 77,`);
    expect(lines[1]).toMatch(new RegExp(`,${order.total.toFixed(2)}$`));
    expect(spreadsheetSafe('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetSafe('Thandi')).toBe('Thandi');
  });

  test("the shop's day and month start at midnight in Johannesburg", () => {
    const { day, month } = shopPeriodStarts(new Date('2026-11-30T22:30:00Z'));
    expect(day.toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(month.toISOString()).toBe('2026-11-30T22:00:00.000Z');
    const earlier = shopPeriodStarts(new Date('2026-11-30T21:30:00Z'));
    expect(earlier.day.toISOString()).toBe('2026-11-29T22:00:00.000Z');
    expect(earlier.month.toISOString()).toBe('2026-10-31T22:00:00.000Z');
  });
});
