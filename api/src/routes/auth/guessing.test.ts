import type { LightMyRequestResponse } from 'fastify';
import { registration } from '../../testing/accounts';
import { shopperSession } from '../../testing/shopperSession';
import { OWASP_SCRYPT_COST } from '../../auth/passwords';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { DEFAULT_LIMITS } from '../../limits';

// Each wrong password is a real scrypt check (~350 ms), and the machine may be busy.
jest.setTimeout(120_000);

const { perAccountAndAddress, perAddress, accountDelay } = DEFAULT_LIMITS.login;

let counter = 0;
function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${process.pid}.${counter}@example.co.za`;
}

/** Sign-in attempts from one address (through the trusted proxy's X-Forwarded-For). */
function signIn(ctx: TestApp, address: string, email: string, password: string): Promise<LightMyRequestResponse> {
  return shopperSession(ctx.app).request({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': address },
  });
}

async function registerAccount(ctx: TestApp, name: string) {
  const account = registration(uniqueEmail(name));
  const response = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: account });
  expect(response.statusCode).toBe(201);
  return account;
}

/** Failures as if made `secondsAgo`, straight into the table the limiter reads. */
async function seedFailures(ctx: TestApp, rows: { email: string; address: string; secondsAgo?: number }[]): Promise<void> {
  for (const { email, address, secondsAgo = 0 } of rows) {
    await ctx.database.query(
      `INSERT INTO login_failures (email_key, address, failed_at) VALUES ($1, $2, clock_timestamp() - make_interval(secs => $3))`,
      [email, address, secondsAgo],
    );
  }
}

async function failuresOf(ctx: TestApp, email: string, address?: string): Promise<number> {
  const result = await ctx.database.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM login_failures WHERE email_key = $1 AND ($2::text IS NULL OR address = $2)',
    [email, address ?? null],
  );
  return Number(result.rows[0]?.n);
}

describe.each(testDatabases())('guessing passwords ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    // At the api's own scrypt cost (OWASP's), as production runs: hashes that take real time
    // are what let guesses pile up in flight.
    ctx = await startTestApp(target, { scryptCost: undefined });
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  it("stores passwords at OWASP's scrypt cost when buildApp is given none", async () => {
    const account = await registerAccount(ctx, 'owasp');
    const stored = await ctx.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email_key = $1', [account.email]);
    const { N, r, p } = OWASP_SCRYPT_COST;
    expect(stored.rows[0]?.password_hash).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$`));
  });

  it(`checks only ${perAccountAndAddress.max} of 60 parallel wrong passwords for one account from one address: the rest are 429 without a hash`, async () => {
    const account = await registerAccount(ctx, 'sipho');
    const hashesBefore = ctx.app.passwordHashing.started;
    const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => signIn(ctx, '203.0.113.60', account.email, `guess number ${n}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(perAccountAndAddress.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - perAccountAndAddress.max);
    expect(ctx.app.passwordHashing.started - hashesBefore).toBe(perAccountAndAddress.max);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json()).toMatchObject({ error: 'too_many_attempts' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(perAccountAndAddress.windowSeconds - 60);
    expect(await failuresOf(ctx, account.email)).toBe(perAccountAndAddress.max);
  });

  it('still signs the owner in with the right password from a clean address after 5 failures from another', async () => {
    const account = await registerAccount(ctx, 'lerato');
    for (let n = 0; n < perAccountAndAddress.max; n += 1) {
      expect((await signIn(ctx, '203.0.113.61', account.email, `guess ${n}`)).statusCode).toBe(401);
    }
    expect((await signIn(ctx, '203.0.113.61', account.email, account.password)).statusCode).toBe(429);
    expect((await signIn(ctx, '198.51.100.61', account.email, account.password)).statusCode).toBe(200);
  });

  it('the right password forgives its own address only: failures from elsewhere keep counting', async () => {
    const account = await registerAccount(ctx, 'ayanda');
    for (let n = 0; n < 2; n += 1) expect((await signIn(ctx, '203.0.113.62', account.email, `typo ${n}`)).statusCode).toBe(401);
    expect((await signIn(ctx, '203.0.113.63', account.email, 'someone else')).statusCode).toBe(401);
    expect((await signIn(ctx, '203.0.113.62', account.email, account.password)).statusCode).toBe(200);
    expect(await failuresOf(ctx, account.email, '203.0.113.62')).toBe(0);
    expect(await failuresOf(ctx, account.email, '203.0.113.63')).toBe(1);
  });

  it(`lets one address fail ${perAddress.max} times across accounts in the window and refuses the next, even the right password; other addresses go on`, async () => {
    const carrier = '203.0.113.64';
    const account = await registerAccount(ctx, 'nomvula');
    await seedFailures(
      ctx,
      Array.from({ length: perAddress.max - 1 }, (_, n) => ({ email: `shopper.${n}@example.co.za`, address: carrier, secondsAgo: 60 })),
    );
    // The hundredth failure is still checked (and fails)…
    expect((await signIn(ctx, carrier, uniqueEmail('nobody'), 'a guess')).statusCode).toBe(401);
    // …the next attempt is refused before any hash until the oldest leaves the window.
    const refused = await signIn(ctx, carrier, account.email, account.password);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(perAddress.windowSeconds - 120);
    expect(retryAfter).toBeLessThanOrEqual(perAddress.windowSeconds - 60);
    expect((await signIn(ctx, '203.0.113.65', account.email, account.password)).statusCode).toBe(200);
  });

  it('slows an account under attack from many addresses: an address that failed on it waits 2^(failures − 5) s, a clean one does not', async () => {
    const account = await registerAccount(ctx, 'zodwa');
    const guessers = Array.from({ length: accountDelay.after + 2 }, (_, n) => `192.0.2.${100 + n}`);
    await seedFailures(ctx, guessers.map((address) => ({ email: account.email, address })));

    // 7 failures: a guesser waits 2^2 = 4 seconds after the latest.
    const held = await signIn(ctx, guessers[0] as string, account.email, 'another guess');
    expect(held.statusCode).toBe(429);
    const wait = Number(held.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(3);
    expect(wait).toBeLessThanOrEqual(4);
    expect(held.json()).toMatchObject({ error: 'too_many_attempts', message: expect.stringMatching(/seconds?\./) });

    // The delay has passed: the guess is checked, and the next wait doubles.
    await ctx.database.query(`UPDATE login_failures SET failed_at = failed_at - interval '5 seconds' WHERE email_key = $1`, [account.email]);
    expect((await signIn(ctx, guessers[0] as string, account.email, 'another guess')).statusCode).toBe(401);
    // (Counted from the latest failure, whenever its check ended: made "just now" for the test.)
    await ctx.database.query('UPDATE login_failures SET failed_at = clock_timestamp() WHERE email_key = $1', [account.email]);
    const longer = await signIn(ctx, guessers[1] as string, account.email, 'yet another');
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThanOrEqual(7);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(8);

    // The owner, from an address that has not failed on the account, signs in at once.
    expect((await signIn(ctx, '198.51.100.66', account.email, account.password)).statusCode).toBe(200);
  });

  it('deletes failures older than every window on the sweep, and keeps recent ones', async () => {
    const email = uniqueEmail('old');
    await seedFailures(ctx, [
      { email, address: '203.0.113.67', secondsAgo: perAccountAndAddress.windowSeconds + 60 },
      { email, address: '203.0.113.67', secondsAgo: 10 },
    ]);
    await ctx.app.expirySweeper.sweep();
    expect(await failuresOf(ctx, email)).toBe(1);
  });
});

describe.each(testDatabases())('a full hashing queue ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(target, { scryptCost: undefined, limits: { hashing: { concurrency: 1, maxWaiting: 0, retryAfterSeconds: 2 } } });
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  it('answers 503 busy with Retry-After instead of queueing more hashes, and a refused sign-in does not count as a failure', async () => {
    const account = await registerAccount(ctx, 'thabo');
    const answers = await Promise.all(Array.from({ length: 4 }, (_, n) => signIn(ctx, '203.0.113.70', account.email, `guess ${n}`)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(1);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    for (const answer of busy) {
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.json()).toEqual({ error: 'busy', message: expect.stringMatching(/try again/) });
    }
    expect(await failuresOf(ctx, account.email)).toBe(4 - busy.length);
  });

  it('refuses a registration the same way, creating nothing', async () => {
    const accounts = Array.from({ length: 3 }, () => registration(uniqueEmail('burst')));
    const answers = await Promise.all(
      accounts.map((account) => shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: account })),
    );
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy[0]?.headers['retry-after']).toBe('2');
    const created = await ctx.database.query<{ n: number | string }>('SELECT count(*) AS n FROM users WHERE email_key = ANY($1::text[])', [
      accounts.map((account) => account.email),
    ]);
    expect(Number(created.rows[0]?.n)).toBe(answers.filter((answer) => answer.statusCode === 201).length);
  });
});
