/**
 * npm run orders and npm run operators: through the running api with the credential it wrote for
 * this machine, and straight to the database when the api is not running on it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Order, OperatorOrder, Product } from '@storefront/shared/types';
import { registration } from '../testing/accounts';
import { fetchCatalogue, pickProduct } from '../testing/catalogue';
import { shopperSession } from '../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_RATE_LIMITS, ROOMY_UNPAID_ORDER_LIMITS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import { credentialFileName, newMachineToken, writeMachineCredential } from '../identity/machineCredential';
import { addLine, deliveryOrder, postOrder } from '../testing/orderFixtures';
import { readSettings } from '../settings';
import { runOperatorsCommand } from './operatorsCommand';
import { runOrdersCommand } from './ordersCommand';
import { CommandError, directShopAccess, openShopAccess, type ShopAccess } from './shopAccess';

describe.each(testDatabases())('the command line ($name)', (target) => {
  let ctx: TestApp;
  let product: Product;
  let folder: string;
  const machine = newMachineToken();

  beforeAll(async () => {
    ctx = await startTestApp(target, { machineTokenHash: machine.hash, unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS, limits: ROOMY_RATE_LIMITS });
    product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock > 5, 'simple product');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'orders-cli-'));
  }, DATABASE_TIMEOUT_MS);
  afterAll(async () => {
    await ctx.close();
    await fs.rm(folder, { recursive: true, force: true });
  }, DATABASE_TIMEOUT_MS);

  async function place(): Promise<Order> {
    const shopper = shopperSession(ctx.app);
    await addLine(shopper, product, 1);
    const response = await postOrder(shopper, deliveryOrder({ contact: { ...deliveryOrder().contact, email: 'cli@example.co.za' } }));
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json<Order>();
  }

  /** Runs a command; what it printed, and its exit code. */
  async function run(command: typeof runOrdersCommand, args: string[], open: () => Promise<ShopAccess>): Promise<{ code: number; printed: string }> {
    const printed: string[] = [];
    const code = await command(args, open, (text) => printed.push(text));
    return { code, printed: printed.join('\n') };
  }

  /** The serial an order number ends in, without its zeros: JAC-2026-000042 → 42. */
  const serialOf = (number: string) => Number(number.split('-')[2]);

  async function operatorView(number: string): Promise<OperatorOrder> {
    return (await ctx.app.inject({ url: `/operator/orders/${number}`, headers: { authorization: `Bearer ${machine.token}` } })).json<OperatorOrder>();
  }

  test('while the api runs, the commands go through it with the credential in its data folder', async () => {
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const remove = await writeMachineCredential(folder, { url: `http://127.0.0.1:${port}`, token: machine.token, pid: process.pid });
    expect((await fs.stat(path.join(folder, credentialFileName(process.pid)))).mode & 0o777).toBe(0o600);
    const settings = readSettings({ DATA_DIR: folder });
    const open = () => openShopAccess(settings);

    const order = await place();
    const paid = await run(runOrdersCommand, ['mark-paid', order.number.toLowerCase(), '--reference', 'ABSA 5512'], open);
    expect(paid).toEqual({ code: 0, printed: `${order.number} is now paid (through the running api at http://127.0.0.1:${port})` });
    expect((await operatorView(order.number)).history.at(-1)).toMatchObject({ status: 'paid', by: 'command line', note: 'ABSA 5512' });

    const shown = await run(runOrdersCommand, ['show', order.number], open);
    expect(shown.printed).toContain(`${order.number}  Paid`);
    expect(shown.printed).toContain('Paid (ABSA 5512)  by command line');
    expect(shown.printed).toContain('next: packed or cancelled');

    const listed = await run(runOrdersCommand, ['list', '--state', 'paid', '--search', order.number], open);
    expect(listed.printed.split('\n')).toEqual([expect.stringMatching(/^1 order \(page 1 of 1\), through the running api/), expect.stringContaining(order.number)]);

    // A refused move is the api's message, and changes nothing.
    await expect(run(runOrdersCommand, ['ship', order.number], open)).rejects.toThrow(new CommandError('An order that is paid can only be packed or cancelled.'));
    expect((await operatorView(order.number)).status).toBe('paid');

    const account = shopperSession(ctx.app);
    await account.request({ method: 'POST', url: '/auth/register', payload: registration('new.operator@example.co.za') });
    expect((await run(runOperatorsCommand, ['add', 'NEW.operator@example.co.za'], open)).printed).toBe(
      "new.operator@example.co.za is now an operator: signed in, they see the shop's orders at /operator.",
    );
    expect((await account.request({ url: '/operator/summary' })).statusCode).toBe(200);
    expect((await run(runOperatorsCommand, ['remove', 'new.operator@example.co.za'], open)).printed).toBe('new.operator@example.co.za is no longer an operator.');
    expect((await account.request({ url: '/operator/summary' })).statusCode).toBe(403);
    await expect(run(runOperatorsCommand, ['add', 'ghost@example.co.za'], open)).rejects.toThrow(/No account has the email ghost@example.co.za/);

    await remove();
    await expect(fs.stat(path.join(folder, credentialFileName(process.pid)))).rejects.toThrow();
  });

  test('with several api processes, each has its own credential, and the commands reach whichever still runs', async () => {
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const other = newMachineToken();
    // A second process's credential (this test's parent stands in for its pid), newer than ours,
    // whose api has stopped listening; and one left by an api killed long ago.
    const removeOurs = await writeMachineCredential(folder, { url: `http://127.0.0.1:${port}`, token: machine.token, pid: process.pid });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const removeOther = await writeMachineCredential(folder, { url: 'http://127.0.0.1:9', token: other.token, pid: process.ppid });
    await fs.writeFile(path.join(folder, credentialFileName(2 ** 22 + 1)), JSON.stringify({ url: `http://127.0.0.1:${port}`, token: 'a'.repeat(43), pid: 2 ** 22 + 1 }));
    expect((await fs.readdir(folder)).filter((name) => name.startsWith('operator-credential'))).toHaveLength(3);

    const open = () => openShopAccess(readSettings({ DATA_DIR: folder }));
    const summary = await run(runOrdersCommand, ['list'], open);
    expect(summary.code).toBe(0);
    expect(summary.printed).toContain(`through the running api at http://127.0.0.1:${port}`);

    // One process stopping takes only its own file.
    await removeOther();
    expect(await fs.readdir(folder)).toContain(credentialFileName(process.pid));
    await removeOurs();
    // The next api to start clears what a killed one left.
    const removeNext = await writeMachineCredential(folder, { url: `http://127.0.0.1:${port}`, token: machine.token, pid: process.pid });
    expect((await fs.readdir(folder)).filter((name) => name.startsWith('operator-credential'))).toEqual([credentialFileName(process.pid)]);
    await removeNext();
  });

  test('without the api, the commands open the database themselves: moves, mails, the CSV', async () => {
    const order = await place();
    const settings = readSettings({ DATA_DIR: folder });
    const mail = ctx.app.mailer;
    // The test's database stays open for the app; the command's close leaves it be.
    const open = async () => directShopAccess({ ...ctx.database, close: async () => {} }, { ...mail, close: async () => {} }, settings, 'the test database');

    const cancelled = await run(runOrdersCommand, ['cancel', order.number, '--reason', 'Paid twice by mistake'], open);
    expect(cancelled.printed).toBe(`${order.number} is now cancelled (through the test database)`);
    const seen = await operatorView(order.number);
    expect(seen.history.at(-1)).toMatchObject({ status: 'cancelled', by: 'command line', note: 'Paid twice by mistake' });
    const mails = await ctx.database.query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', ['cli@example.co.za']);
    expect(mails.rows[0]?.subject).toBe(`Your Jacaranda order ${order.number} has been cancelled`);

    const exported = await run(runOrdersCommand, ['export', '--search', order.number], open);
    expect(exported.printed.split('\r\n')).toEqual([expect.stringMatching(/^number,placed_at,status,/), expect.stringMatching(new RegExp(`^${order.number},.*,cancelled,`))]);

    await expect(run(runOrdersCommand, ['pack', order.number], open)).rejects.toThrow('The order is cancelled: nothing moves it on.');
    await expect(run(runOrdersCommand, ['list', '--state', 'lost'], open)).rejects.toThrow(/--state must be one of/);
    await expect(run(runOrdersCommand, ['show', 'JAC-1'], open)).rejects.toThrow(
      '"JAC-1" is not an order number: give it whole (JAC-2026-000123) or its last digits (123)',
    );
    expect((await run(runOrdersCommand, [], open)).code).toBe(1);
  });

  describe('an order named by its serial alone (the sequence is one for all years)', () => {
    /** Through the running api, as while the store runs on PGlite, and straight to the database. */
    async function bothWays(): Promise<{ ways: [string, () => Promise<ShopAccess>][]; done: () => Promise<void> }> {
      const address = ctx.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const remove = await writeMachineCredential(folder, { url: `http://127.0.0.1:${port}`, token: machine.token, pid: process.pid });
      const settings = readSettings({ DATA_DIR: folder });
      const direct = async () => directShopAccess({ ...ctx.database, close: async () => {} }, { ...ctx.app.mailer, close: async () => {} }, settings, 'the test database');
      return { ways: [['through the api', () => openShopAccess(settings)], ['straight to the database', direct]], done: remove };
    }

    test('show and the moves take 42, 000042 or the whole number, both ways', async () => {
      const { ways, done } = await bothWays();
      try {
        for (const [way, open] of ways) {
          const order = await place();
          const serial = serialOf(order.number);
          const shown = await run(runOrdersCommand, ['show', String(serial)], open);
          expect([way, shown.code, shown.printed.split('\n')[0]]).toEqual([way, 0, expect.stringMatching(new RegExp(`^${order.number}  Awaiting payment`))]);
          expect((await run(runOrdersCommand, ['show', ` ${String(serial).padStart(6, '0')} `], open)).printed).toContain(`${order.number}  Awaiting payment`);

          const paid = await run(runOrdersCommand, ['mark-paid', String(serial), '--reference', 'FNB 1'], open);
          expect([way, paid.printed]).toEqual([way, expect.stringMatching(new RegExp(`^${order.number} is now paid `))]);
          expect((await run(runOrdersCommand, ['pack', String(serial).padStart(6, '0')], open)).printed).toMatch(new RegExp(`^${order.number} is now packed `));
          expect((await run(runOrdersCommand, ['ship', `00000${serial}`, '--tracking', 'TCG 1'], open)).printed).toMatch(new RegExp(`^${order.number} is now shipped `));
          expect((await operatorView(order.number)).history.map((event) => event.status)).toEqual(['awaiting_payment', 'paid', 'packed', 'shipped']);

          const another = await place();
          await run(runOrdersCommand, ['cancel', String(serialOf(another.number)), '--reason', 'Asked to cancel'], open);
          expect([way, (await operatorView(another.number)).status]).toEqual([way, 'cancelled']);
        }
      } finally {
        await done();
      }
    });

    test('the catalogue role is granted and taken with --catalogue, both ways, and list says who has it', async () => {
      const { ways, done } = await bothWays();
      try {
        for (const [way, open] of ways) {
          const email = `catalogue.${way.replace(/\W+/g, '-')}.${process.pid}@example.co.za`;
          await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: registration(email) });
          expect((await run(runOperatorsCommand, ['add', email, '--catalogue'], open)).printed).toBe(
            `${email} is now an operator who edits the catalogue: signed in, they see the shop's orders at /operator and its products at /operator/products.`,
          );
          expect((await run(runOperatorsCommand, ['list'], open)).printed).toContain(`${email}  Thandi Mokoena  (edits the catalogue)`);
          expect((await run(runOperatorsCommand, ['remove', email, '--catalogue'], open)).printed).toBe(`${email} no longer edits the catalogue (still an operator).`);
          const listed = (await run(runOperatorsCommand, ['list'], open)).printed.split('\n').find((line) => line.startsWith(email));
          expect(listed).toBe(`${email}  Thandi Mokoena`);
          expect((await run(runOperatorsCommand, ['remove', email], open)).printed).toBe(`${email} is no longer an operator.`);
        }
        await expect(run(runOperatorsCommand, ['list', '--catalogue'], ways[0]?.[1] as () => Promise<ShopAccess>)).rejects.toThrow('--catalogue is for add and remove');
      } finally {
        await done();
      }
    });

    test('a number no order has is "No order …" both ways, and one that is no number is refused before asking', async () => {
      const { ways, done } = await bothWays();
      try {
        for (const [, open] of ways) {
          await expect(run(runOrdersCommand, ['show', '987654321'], open)).rejects.toThrow(new CommandError('No order 987654321.'));
          await expect(run(runOrdersCommand, ['cancel', '0', '--reason', 'x'], open)).rejects.toThrow(new CommandError('No order 0.'));
          await expect(run(runOrdersCommand, ['show', 'jac-2026-987654321'], open)).rejects.toThrow(new CommandError('No order JAC-2026-987654321.'));
          await expect(run(runOrdersCommand, ['pack', '12-34'], open)).rejects.toThrow(`"12-34" is not an order number: give it whole (JAC-2026-000123) or its last digits (123)`);
        }
      } finally {
        await done();
      }
    });

    test('a serial two orders end in (a sequence started again) is refused, asking for the whole number', async () => {
      const { ways, done } = await bothWays();
      const first = await place();
      const second = await place();
      const serial = serialOf(first.number);
      const older = `JAC-2019-${String(serial).padStart(6, '0')}`;
      await ctx.database.query('UPDATE orders SET number = $2 WHERE number = $1', [second.number, older]);
      try {
        for (const [, open] of ways) {
          await expect(run(runOrdersCommand, ['pack', String(serial)], open)).rejects.toThrow(
            new CommandError(`number: more than one order ends in ${older.slice(-6)} (${older}, ${first.number}): give the whole number.`),
          );
          expect((await run(runOrdersCommand, ['show', older], open)).printed).toContain(`${older}  Awaiting payment`);
        }
        expect((await operatorView(first.number)).status).toBe('awaiting_payment');
      } finally {
        await ctx.database.query('UPDATE orders SET number = $2 WHERE number = $1', [older, second.number]);
        await done();
      }
    });
  });

  test('the api takes a serial alone on the operator routes too, and names the field of a malformed one', async () => {
    const order = await place();
    const asMachine = { authorization: `Bearer ${machine.token}` };
    const shown = await ctx.app.inject({ url: `/operator/orders/${serialOf(order.number)}`, headers: asMachine });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<OperatorOrder>().number).toBe(order.number);
    const unknown = await ctx.app.inject({ url: '/operator/orders/987654321', headers: asMachine });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { error: 'not_found', message: 'No order 987654321.' }]);
    const malformed = await ctx.app.inject({ method: 'POST', url: '/operator/orders/12-34/moves', headers: asMachine, payload: { to: 'packed' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toMatch(/^params\/number /);
  });
});
