/**
 * Who reaches an order: operators, and the command line on the api's machine, see and move every
 * order, and nobody else any; a guest looks one up by its number and the email it was placed
 * with, and sees it as its shopper follows it, with the address cut to the town and the phone to
 * its last four digits; a wrong email answers exactly as an unknown number; one address gets ten
 * look-ups in ten minutes.
 */
import type { LookedUpOrder, OperatorOrder, Order, PlaceOrderRequest, Product } from '@storefront/shared/types';
import { registeredShopper } from '../../testing/accounts';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { addLine, deliveryOrder, postOrder } from '../../testing/orderFixtures';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_RATE_LIMITS, ROOMY_UNPAID_ORDER_LIMITS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { newMachineToken } from '../../identity/machineCredential';
import { grantOperator } from '../operators';
import { ORDER_LOOKUP_NOT_FOUND } from './orderRoutes';

const OPERATOR_EMAIL = 'ops@jacaranda.example';

describe.each(testDatabases())('who reaches an order ($name)', (target) => {
  let ctx: TestApp;
  let product: Product;
  let operator: ShopperSession;
  let shopper: ShopperSession;
  const machine = newMachineToken();

  beforeAll(async () => {
    // Roomy limits for placing orders; looking them up keeps its own limit, as the shop has it.
    ctx = await startTestApp(target, { unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS, limits: ROOMY_RATE_LIMITS, machineTokenHash: machine.hash });
    product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock > 0, 'simple product');
    operator = await registeredShopper(ctx.app, OPERATOR_EMAIL);
    expect((await grantOperator(ctx.database, OPERATOR_EMAIL)).kind).toBe('granted');
    shopper = await registeredShopper(ctx.app, 'buyer@example.co.za');
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  /** Places an order of `qty` of the product as `who`. */
  async function place(who: ShopperSession = shopper, body: PlaceOrderRequest = deliveryOrder(), qty = 2): Promise<Order> {
    await addLine(who, product, qty);
    const response = await postOrder(who, body);
    if (response.statusCode !== 201) throw new Error(`POST /orders answered ${response.statusCode}: ${response.body}`);
    return response.json<Order>();
  }

  describe('who may', () => {
    const routes: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/operator/orders' },
      { method: 'GET', url: '/operator/orders.csv' },
      { method: 'GET', url: '/operator/summary' },
      { method: 'GET', url: '/operator/orders/JAC-2026-000001' },
      { method: 'POST', url: '/operator/orders/JAC-2026-000001/moves', payload: { to: 'cancelled', reason: 'x' } },
      { method: 'GET', url: '/operator/operators' },
      { method: 'POST', url: '/operator/operators', payload: { email: 'buyer@example.co.za' } },
      { method: 'DELETE', url: '/operator/operators', payload: { email: OPERATOR_EMAIL } },
    ];

    test("a shopper's session gets 403 on every operator route, a guest 401, and nothing changes", async () => {
      const order = await place();
      for (const route of routes) {
        const url = route.url.replace('JAC-2026-000001', order.number);
        const asShopper = await shopper.request({ ...route, url });
        expect([route.url, asShopper.statusCode, asShopper.json<{ error: string }>().error]).toEqual([route.url, 403, 'not_an_operator']);
        const asGuest = await shopperSession(ctx.app).request({ ...route, url });
        expect([route.url, asGuest.statusCode]).toEqual([route.url, 401]);
      }
      expect((await operator.request({ url: `/operator/orders/${order.number}` })).json<OperatorOrder>().status).toBe('awaiting_payment');
      expect((await shopper.request({ url: '/auth/session' })).json<{ user: { operator: boolean } }>().user.operator).toBe(false);
      expect((await operator.request({ url: '/auth/session' })).json<{ user: { operator: boolean } }>().user.operator).toBe(true);
    });

    test('an operator cannot make operators; the command line on the machine can, and its moves are recorded as its own', async () => {
      const asOperator = await operator.request({ method: 'POST', url: '/operator/operators', payload: { email: 'buyer@example.co.za' } });
      expect(asOperator.statusCode).toBe(403);

      const bearer = { authorization: `Bearer ${machine.token}` };
      const listed = await ctx.app.inject({ url: '/operator/operators', headers: bearer });
      expect(listed.json()).toEqual([{ email: OPERATOR_EMAIL, name: 'Thandi Mokoena', catalogue: false }]);
      const order = await place();
      const byScript = await ctx.app.inject({ method: 'POST', url: `/operator/orders/${order.number.toLowerCase()}/moves`, headers: bearer, payload: { to: 'cancelled', reason: 'Duplicate' } });
      expect(byScript.statusCode).toBe(200);
      expect(byScript.json<OperatorOrder>().history.at(-1)?.by).toBe('command line');

      // The token is worth nothing from another machine (through the edge) or when wrong.
      const forwarded = await ctx.app.inject({ url: '/operator/orders', headers: { ...bearer, 'x-forwarded-for': '198.51.100.7' } });
      expect(forwarded.statusCode).toBe(401);
      const wrong = await ctx.app.inject({ url: '/operator/orders', headers: { authorization: `Bearer ${newMachineToken().token}` } });
      expect(wrong.statusCode).toBe(401);
    });
  });

  describe('a guest looks up an order by number and email', () => {
    test('the right pair shows the order; a wrong email answers exactly as an unknown number', async () => {
      const order = await place(shopper, deliveryOrder(), 1);
      const guest = shopperSession(ctx.app);
      const found = await guest.request({ method: 'POST', url: '/orders/lookup', payload: { number: ` ${order.number.toLowerCase()} `, email: ' THANDI@example.co.za ' } });
      expect(found.statusCode).toBe(200);
      expect(found.json<Order>()).toMatchObject({ id: order.id, status: 'awaiting_payment', history: [{ status: 'awaiting_payment' }] });
      expect(found.headers['cache-control']).toBe('no-store');

      const wrongEmail = await guest.request({ method: 'POST', url: '/orders/lookup', payload: { number: order.number, email: 'someone@example.co.za' } });
      const unknown = await guest.request({ method: 'POST', url: '/orders/lookup', payload: { number: 'JAC-2026-999999998', email: 'thandi@example.co.za' } });
      expect(wrongEmail.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
      expect(wrongEmail.body).toBe(unknown.body);
      expect(wrongEmail.json()).toEqual({ error: 'not_found', message: ORDER_LOOKUP_NOT_FOUND });
      const bad = await guest.request({ method: 'POST', url: '/orders/lookup', payload: { number: 'DROP TABLE', email: 'x@y.z' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/number/);
    });

    test('the answer names the town and the phone’s last four digits, never the street, suburb, postal code or whole phone', async () => {
      const email = `where-${Date.now()}@example.co.za`;
      const contact = { first_name: 'Thandi', last_name: 'Nkosi', email, phone: '+27829874567' };
      const delivered = await place(shopper, deliveryOrder({ contact }), 1);
      const collected = await place(shopper, deliveryOrder({ contact, delivery: { method: 'collect' }, payment_method: 'cod' }), 1);
      const guest = shopperSession(ctx.app);

      const found = await guest.request({ method: 'POST', url: '/orders/lookup', payload: { number: delivered.number, email } });
      expect(found.statusCode).toBe(200);
      const order = found.json<LookedUpOrder>();
      expect(order).toMatchObject({ number: delivered.number, address: { city: 'Cape Town' }, contact: { phone_ending: '4567' } });
      for (const secret of ['12 Long Street', 'Gardens', '8001', '829874567', 'Nkosi']) expect(found.body).not.toContain(secret);
      expect(Object.keys(order.address ?? {})).toEqual(['city']);
      expect(Object.keys(order.contact)).toEqual(['phone_ending']);
      // What a shopper follows the order by stays: its state, lines, totals and history.
      expect(order).toMatchObject({ status: 'awaiting_payment', total: delivered.total, lines: [{ qty: 1 }], history: [{ status: 'awaiting_payment' }] });

      const inStore = (await guest.request({ method: 'POST', url: '/orders/lookup', payload: { number: collected.number, email } })).json<LookedUpOrder>();
      expect(inStore).toMatchObject({ delivery_method: 'collect', address: null, contact: { phone_ending: '4567' } });

      // The shopper's own order and the operator's page keep the whole address and phone.
      const own = (await shopper.request({ url: `/orders/${delivered.id}` })).json<Order>();
      expect(own).toMatchObject({ address: { street: '12 Long Street', suburb: 'Gardens', postal_code: '8001' }, contact: { phone: '+27829874567' } });
      const operators = (await operator.request({ url: `/operator/orders/${delivered.number}` })).json<OperatorOrder>();
      expect(operators).toMatchObject({ address: { street: '12 Long Street', suburb: 'Gardens', postal_code: '8001' }, contact: { phone: '+27829874567' } });
    });

    test('the eleventh look-up in ten minutes from one address is a 429 that says when to try again', async () => {
      const guest = shopperSession(ctx.app);
      const lookup = () => guest.request({ method: 'POST', url: '/orders/lookup', payload: { number: 'JAC-2026-000001', email: 'a@b.co' }, headers: { 'x-forwarded-for': '198.51.100.77' } });
      for (let index = 0; index < 10; index += 1) expect((await lookup()).statusCode).toBe(404);
      const refused = await lookup();
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ error: string; message: string }>()).toMatchObject({ error: 'too_many_lookups' });
      expect(refused.json<{ message: string }>().message).toMatch(/Please try again in 10 minutes\.$/);
    });
  });
});
