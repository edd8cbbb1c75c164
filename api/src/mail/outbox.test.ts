/**
 * The shop's mail survives a mail server that is down: written with the change that causes it,
 * tried again with a growing wait, sent once the server is back with the Message-ID it was
 * written with, listed for operators when it could not be sent, and sent once by each of several
 * senders on one database. The outbox's clock is the test's, so an hour passes in a moment.
 */
import { createServer } from 'node:net';
import pino from 'pino';
import type { Order, Product } from '@storefront/shared/types';
import { runMailCommand } from '../cli/mailCommand';
import { directShopAccess, type ShopAccess } from '../cli/shopAccess';
import type { Database } from '../db/database';
import { addLine, deliveryOrder, postOrder } from '../testing/orderFixtures';
import { newMachineToken } from '../identity/machineCredential';
import { readSettings } from '../settings';
import { registration } from '../testing/accounts';
import { fetchCatalogue, pickProduct } from '../testing/catalogue';
import { shopperSession } from '../testing/shopperSession';
import { smtpUrlFor, startSmtpSink, type SmtpSink } from '../testing/smtpSink';
import { DATABASE_TIMEOUT_MS, ROOMY_RATE_LIMITS, ROOMY_UNPAID_ORDER_LIMITS, startTestApp, testDatabases, type TestApp } from '../testing/testDatabases';
import { createMailer, retryDelayMs } from './mailer';
import { insertOutboxMail } from './outbox';

jest.setTimeout(60_000);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A port nothing listens on (yet): a mail server that is down. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

interface OutboxRow {
  id: string;
  status: string;
  attempts: number;
  message_id: string;
  last_error: string | null;
}

let counter = 0;
function newEmail(who: string): string {
  counter += 1;
  return `${who}.${process.pid}.${counter}@example.co.za`;
}

describe.each(testDatabases())('the mail outbox ($name)', (target) => {
  let ctx: TestApp;
  let product: Product;
  let port: number;
  let sink: SmtpSink | null = null;
  let now = Date.parse('2026-11-28T06:00:00Z');
  const machine = newMachineToken();
  const clock = () => now;

  async function serverUp(refuse: string[] = []): Promise<SmtpSink> {
    sink = await startSmtpSink({ port, refuse });
    return sink;
  }
  async function serverDown(): Promise<void> {
    await sink?.close();
    sink = null;
  }

  beforeAll(async () => {
    port = await freePort();
    ctx = await startTestApp(target, {
      devOutbox: false,
      smtpUrl: smtpUrlFor(port),
      // The test moves the clock; the senders look for due mail only when asked (idle) or woken.
      mailQueue: { now: clock, pollSeconds: 3_600 },
      unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS,
      limits: ROOMY_RATE_LIMITS,
      machineTokenHash: machine.hash,
    });
    product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock > 20, 'simple product');
  }, DATABASE_TIMEOUT_MS);

  afterAll(async () => {
    await ctx?.close();
    await serverDown();
  }, DATABASE_TIMEOUT_MS);

  afterEach(serverDown);

  async function outboxOf(email: string): Promise<OutboxRow[]> {
    const rows = await ctx.database.query<OutboxRow>(
      'SELECT id::text AS id, status, attempts, message_id, last_error FROM mail_outbox WHERE recipient = $1 ORDER BY id',
      [email],
    );
    return rows.rows;
  }

  async function onlyRow(email: string): Promise<OutboxRow> {
    const rows = await outboxOf(email);
    expect(rows).toHaveLength(1);
    return rows[0] as OutboxRow;
  }

  /** Lets `ms` pass in steps of `step`, the senders trying what falls due at each. */
  async function pass(ms: number, step = MINUTE): Promise<void> {
    for (let passed = 0; passed < ms; passed += step) {
      now += step;
      await ctx.app.mailer.idle();
    }
  }

  async function placeOrder(email: string): Promise<Order> {
    const shopper = shopperSession(ctx.app);
    await addLine(shopper, product, 1);
    const placed = await postOrder(shopper, deliveryOrder({ contact: { ...deliveryOrder().contact, email } }));
    expect(placed.statusCode).toBe(201);
    return placed.json<Order>();
  }

  test('a mail server down for an hour loses nothing: the mail is tried again, waiting longer each time, and sent once it is back, under the Message-ID it was written with', async () => {
    const email = newEmail('thandi');
    // The shopper is served while the server is down.
    const registered = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: registration(email) });
    expect(registered.statusCode).toBe(201);
    const order = await placeOrder(email);
    await ctx.app.mailer.idle();

    const [welcome, confirmation] = await outboxOf(email);
    expect(welcome).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('ECONNREFUSED') });
    expect(confirmation).toMatchObject({ status: 'pending', attempts: 1 });

    await pass(HOUR);
    // Tried at 0, 1, 3, 7, 15 and 31 minutes; the next try is at 61.
    expect((await outboxOf(email)).map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 6],
      ['pending', 6],
    ]);

    const server = await serverUp();
    expect(server.mailTo(email)).toEqual([]);
    await pass(MINUTE);
    expect(server.mailTo(email).map((mail) => [mail.subject, mail.headers.get('message-id')])).toEqual([
      ['Welcome to Jacaranda', welcome?.message_id],
      [`Your Jacaranda order ${order.number}`, confirmation?.message_id],
    ]);
    expect(server.mailTo(email)[1]?.text).toContain(`Reference: ${order.number}`);
    expect((await outboxOf(email)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 7],
      ['sent', 7],
    ]);

    // Sent is sent: later passes send nothing again.
    await pass(2 * HOUR, 30 * MINUTE);
    expect(server.mailTo(email)).toHaveLength(2);
  });

  test('a mail that cannot be sent in the whole retry window fails; operators list it and send it again', async () => {
    const email = newEmail('sipho');
    const order = await placeOrder(email);
    await ctx.app.mailer.idle();
    const written = await onlyRow(email);

    // Every 30 minutes (the longest wait) for two days: then it has failed.
    await pass(47 * HOUR, 30 * MINUTE);
    expect(await onlyRow(email)).toMatchObject({ status: 'pending' });
    await pass(2 * HOUR, 30 * MINUTE);
    const failed = await onlyRow(email);
    expect(failed).toMatchObject({ status: 'failed', last_error: expect.stringContaining('ECONNREFUSED') });
    expect(failed.attempts).toBeGreaterThan(90);

    const printed: string[] = [];
    const settings = readSettings({});
    // The app's database and mailer, left open when the command closes.
    const open = async (): Promise<ShopAccess> =>
      directShopAccess({ ...ctx.database, close: async () => {} }, { ...ctx.app.mailer, close: async () => {} }, settings, 'the test database');
    expect(await runMailCommand(['list', '--failed'], open, (line) => printed.push(line))).toBe(0);
    expect(printed[0]).toMatch(/^\d+ pending, [1-9]\d* failed, \d+ sent \(the test database\)$/);
    const line = printed.find((text) => text.includes(email)) ?? '';
    expect(line).toContain(`#${failed.id}  failed`);
    expect(line).toContain(`"Your Jacaranda order ${order.number}"`);
    expect(printed.join('\n')).toContain('last: connect ECONNREFUSED');
    // The list never shows a mail's text.
    expect(printed.join('\n')).not.toContain('Reference:');

    const server = await serverUp();
    printed.length = 0;
    expect(await runMailCommand(['retry', `#${failed.id}`], open, (text) => printed.push(text))).toBe(0);
    expect(printed).toEqual([`Sending again: #${failed.id} (the test database)`]);
    await ctx.app.mailer.idle();
    expect(server.mailTo(email).map((mail) => mail.headers.get('message-id'))).toEqual([written.message_id]);
    expect(await onlyRow(email)).toMatchObject({ status: 'sent' });

    // A sent mail is not sent again by mistake.
    printed.length = 0;
    expect(await runMailCommand(['retry', failed.id], open, (text) => printed.push(text))).toBe(1);
    expect(printed).toEqual([`Not sent again (already sent, kept for the developer outbox, or no such mail): #${failed.id}`]);
    await expect(runMailCommand(['retry', 'all'], open, () => undefined)).rejects.toThrow('"all" is not a mail id (the list shows them as #12)');
  });

  test('a recipient the mail server refuses for good fails at once, without retries', async () => {
    const email = newEmail('nobody');
    await serverUp([email]);
    await placeOrder(email);
    await ctx.app.mailer.idle();
    expect(await onlyRow(email)).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('(550)') });
    await pass(HOUR, 15 * MINUTE);
    expect(await onlyRow(email)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  test('the operators’ mail list and retry are for operators only, and a bad retry names the field', async () => {
    const shopper = shopperSession(ctx.app);
    expect((await shopper.request({ url: '/operator/mail' })).statusCode).toBe(401);
    expect((await shopper.request({ method: 'POST', url: '/operator/mail/retry', payload: { all_failed: true } })).statusCode).toBe(401);
    await shopper.request({ method: 'POST', url: '/auth/register', payload: registration(newEmail('shopper')) });
    expect((await shopper.request({ url: '/operator/mail?status=failed' })).statusCode).toBe(403);

    const operator = { authorization: `Bearer ${machine.token}` };
    const retry = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/operator/mail/retry', headers: operator, payload: payload as object });
    for (const [payload, field] of [
      [{}, 'invalid_ids'],
      [{ ids: ['1'], all_failed: true }, 'invalid_ids'],
      [{ ids: ['one'] }, 'bad_request'],
      [{ ids: [] }, 'bad_request'],
      [{ all_failed: false }, 'bad_request'],
    ] as const) {
      const refused = await retry(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: field });
    }
    expect((await ctx.app.inject({ url: '/operator/mail?status=lost', headers: operator })).statusCode).toBe(400);
    const unknown = await retry({ ids: ['999999999'] });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ queued: [], not_retried: ['999999999'] });
    const listed = await ctx.app.inject({ url: '/operator/mail?limit=1', headers: operator });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ mail: unknown[] }>().mail.length).toBeLessThanOrEqual(1);
  });

  test('two senders on one database send each mail once', async () => {
    const server = await serverUp();
    // A second api process's connection on a server; PGlite is one process's, with senders taking turns.
    const other: Database = ctx.connectAgain ? await ctx.connectAgain() : ctx.database;
    const second = createMailer({ database: other, devOutbox: false, smtpUrl: smtpUrlFor(port), log: pino({ level: 'silent' }), queue: { now: clock, pollSeconds: 3_600 } });
    try {
      const emails = Array.from({ length: 40 }, () => newEmail('many'));
      // Written by neither sender (a command, a third process): both find them due at once.
      for (const [index, email] of emails.entries()) {
        await insertOutboxMail(ctx.database, {
          to: email,
          subject: `Mail ${index}`,
          text: `Mail ${index}`,
          html: `<p>Mail ${index}</p>`,
          messageId: `<many-${process.pid}-${counter}-${index}@jacaranda.example>`,
          status: 'pending',
          at: new Date(now),
        });
      }
      await Promise.all([ctx.app.mailer.idle(), second.idle(), ctx.app.mailer.idle(), second.idle()]);
      for (const email of emails) expect(server.mailTo(email)).toHaveLength(1);
      const ids = emails.flatMap((email) => server.mailTo(email).map((mail) => mail.headers.get('message-id')));
      expect(new Set(ids).size).toBe(40);
      const statuses = await ctx.database.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM mail_outbox WHERE recipient = ANY($1::text[]) GROUP BY status',
        [emails],
      );
      expect(statuses.rows).toEqual([{ status: 'sent', n: 40 }]);
    } finally {
      await second.close();
      if (other !== ctx.database) await other.close();
    }
  });
});

test('each retry waits twice as long as the one before, from a minute up to half an hour', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 50].map((attempt) => retryDelayMs(attempt) / MINUTE)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
});
