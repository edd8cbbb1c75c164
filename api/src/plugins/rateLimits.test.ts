import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { DEFAULT_LIMITS } from '../limits';
import { registration } from '../testing/accounts';
import { shopperSession } from '../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, TEST_APP_OPTIONS, testDatabases, type TestApp } from '../testing/testDatabases';
import { countHit, waitInWords } from './rateLimits';

jest.setTimeout(120_000);

let counter = 0;
function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${process.pid}.${counter}@example.co.za`;
}

/** A made-up reset token of the right shape (43 base64url characters). */
function madeUpToken(n: number): string {
  return `${String(n).padStart(4, '0')}${'x'.repeat(39)}`;
}

describe('waitInWords', () => {
  it.each([
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3600, '60 minutes'],
  ])('%i s is "%s"', (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});

describe.each(testDatabases())('rate limits per address and per email ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  function post(url: string, payload: object, address: string, app: FastifyInstance = ctx.app): Promise<LightMyRequestResponse> {
    const options: InjectOptions = { method: 'POST', url, payload, headers: { 'x-forwarded-for': address } };
    return shopperSession(app).request(options);
  }

  function expectRefused(response: LightMyRequestResponse, error: string, windowSeconds: number): void {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ error, message: expect.stringMatching(/Try again in \d+ minutes?\./i) });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  }

  it(`register: ${DEFAULT_LIMITS.register.max} requests per address per hour, refused ones counting; the next is 429, other addresses go on`, async () => {
    const { max, windowSeconds } = DEFAULT_LIMITS.register;
    const address = '203.0.113.10';
    for (let n = 1; n < max; n += 1) {
      // Refused for a short password: cheap, and still counted.
      expect((await post('/auth/register', registration(uniqueEmail('short'), { password: 'short' }), address)).statusCode).toBe(400);
    }
    const last = registration(uniqueEmail('lindiwe'));
    expect((await post('/auth/register', last, address)).statusCode).toBe(201);
    const refused = await post('/auth/register', registration(uniqueEmail('one.more')), address);
    expectRefused(refused, 'too_many_registrations', windowSeconds);
    expect((await post('/auth/register', registration(uniqueEmail('elsewhere')), '203.0.113.11')).statusCode).toBe(201);
  });

  it(`forgot-password: ${DEFAULT_LIMITS.forgotPasswordPerEmail.max} mails per email per hour, from any addresses; past it still 202, but no new link`, async () => {
    const { max } = DEFAULT_LIMITS.forgotPasswordPerEmail;
    const account = registration(uniqueEmail('palesa'));
    expect((await post('/auth/register', account, '203.0.113.20')).statusCode).toBe(201);
    const links = async () => {
      const result = await ctx.database.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email_key = $1',
        [account.email],
      );
      return Number(result.rows[0]?.n);
    };
    for (let n = 1; n <= max; n += 1) {
      const asked = await post('/auth/forgot-password', { email: account.email }, `203.0.113.${20 + n}`);
      expect(asked.statusCode).toBe(202);
      expect(await links()).toBe(n);
    }
    const past = await post('/auth/forgot-password', { email: ` ${account.email.toUpperCase()} ` }, '203.0.113.29');
    expect(past.statusCode).toBe(202);
    expect(past.json()).toEqual((await post('/auth/forgot-password', { email: uniqueEmail('ghost') }, '203.0.113.29')).json());
    expect(await links()).toBe(max);
  });

  it(`forgot-password: ${DEFAULT_LIMITS.forgotPasswordPerAddress.max} requests per address in 15 minutes; the next is 429`, async () => {
    const { max, windowSeconds } = DEFAULT_LIMITS.forgotPasswordPerAddress;
    for (let n = 0; n < max; n += 1) {
      expect((await post('/auth/forgot-password', { email: uniqueEmail('nobody') }, '203.0.113.30')).statusCode).toBe(202);
    }
    expectRefused(await post('/auth/forgot-password', { email: uniqueEmail('nobody') }, '203.0.113.30'), 'too_many_requests', windowSeconds);
  });

  it(`reset: made-up tokens are answered at once without a hash; ${DEFAULT_LIMITS.resetPassword.max} per address in 15 minutes, the next is 429`, async () => {
    const { max, windowSeconds } = DEFAULT_LIMITS.resetPassword;
    const hashesBefore = ctx.app.passwordHashing.started;
    for (let n = 0; n < max; n += 1) {
      const response = await post('/auth/reset-password', { token: madeUpToken(n), password: 'a brand new secret' }, '203.0.113.40');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_token' });
    }
    expect(ctx.app.passwordHashing.started).toBe(hashesBefore);
    expectRefused(await post('/auth/reset-password', { token: madeUpToken(max), password: 'a brand new secret' }, '203.0.113.40'), 'too_many_requests', windowSeconds);
  });

  it('reset: a real link costs one hash and works once', async () => {
    const account = registration(uniqueEmail('kagiso'));
    expect((await post('/auth/register', account, '203.0.113.41')).statusCode).toBe(201);
    expect((await post('/auth/forgot-password', { email: account.email }, '203.0.113.41')).statusCode).toBe(202);
    const outbox = await ctx.app.inject({ url: `/dev/outbox?recipient=${encodeURIComponent(account.email)}` });
    const token = /token=([A-Za-z0-9_-]{43})/.exec(JSON.stringify(outbox.json()))?.[1] ?? '';
    const hashesBefore = ctx.app.passwordHashing.started;
    expect((await post('/auth/reset-password', { token, password: 'a brand new secret' }, '203.0.113.41')).statusCode).toBe(200);
    expect(ctx.app.passwordHashing.started - hashesBefore).toBe(1);
    expect((await post('/auth/reset-password', { token, password: 'another new secret' }, '203.0.113.41')).statusCode).toBe(400);
    expect(ctx.app.passwordHashing.started - hashesBefore).toBe(1);
  });

  it(`change password: ${DEFAULT_LIMITS.changePassword.max} per address in 15 minutes, weak new passwords counting; the next is 429`, async () => {
    const { max, windowSeconds } = DEFAULT_LIMITS.changePassword;
    const account = registration(uniqueEmail('naledi'));
    const browser = shopperSession(ctx.app);
    const fromHome = { 'x-forwarded-for': '203.0.113.42' };
    expect((await browser.request({ method: 'POST', url: '/auth/register', payload: account, headers: fromHome })).statusCode).toBe(201);
    const change = () =>
      browser.request({ method: 'POST', url: '/auth/password', payload: { current_password: account.password, new_password: 'Passw0rd!' }, headers: fromHome });
    for (let n = 0; n < max; n += 1) expect((await change()).json()).toMatchObject({ error: 'weak_password' });
    expectRefused(await change(), 'too_many_requests', windowSeconds);
  });

  it.each([
    ['/newsletter', DEFAULT_LIMITS.newsletter, '203.0.113.50', (n: number) => ({ email: uniqueEmail(`reader${n}`) })],
    [
      '/contact-messages',
      DEFAULT_LIMITS.contact,
      '203.0.113.51',
      () => ({ name: 'Sipho Ndlovu', email: 'sipho@example.co.za', subject: 'Delivery', message: 'Do you deliver to Soweto?' }),
    ],
  ])('%s: the limit per address, counted across two api processes on one database', async (url, { max }, address, body) => {
    // A second api on the same database, as a second process behind the same edge would be.
    const second = await buildApp({ ...TEST_APP_OPTIONS, database: ctx.database });
    try {
      for (let n = 0; n < max; n += 1) {
        const response = await post(url, body(n), address, n % 2 === 0 ? ctx.app : second);
        expect(response.statusCode).toBeLessThan(300);
      }
      expect((await post(url, body(max), address, second)).statusCode).toBe(429);
      expect((await post(url, body(max + 1), address)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('counts parallel hits exactly, and starts a window afresh once it has ended', async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => countHit(ctx.database, 'test:parallel', 60_000)));
    expect(hits.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    expect(Math.max(...hits.map((hit) => hit.ttl))).toBeLessThanOrEqual(60_000);
    await ctx.database.query(`UPDATE rate_limit_counters SET window_ends_at = clock_timestamp() - interval '1 second' WHERE key = 'test:parallel'`);
    expect((await countHit(ctx.database, 'test:parallel', 60_000)).current).toBe(1);
  });

  it('deletes spent counters on the sweep, and keeps live ones', async () => {
    await countHit(ctx.database, 'test:spent', 60_000);
    await countHit(ctx.database, 'test:live', 60_000);
    await ctx.database.query(`UPDATE rate_limit_counters SET window_ends_at = clock_timestamp() - interval '1 second' WHERE key = 'test:spent'`);
    await ctx.app.expirySweeper.sweep();
    const left = await ctx.database.query<{ key: string }>(`SELECT key FROM rate_limit_counters WHERE key LIKE 'test:%' ORDER BY key`);
    expect(left.rows.map((row) => row.key)).toEqual(['test:live', 'test:parallel']);
  });
});
