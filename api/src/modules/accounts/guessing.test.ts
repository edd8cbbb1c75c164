import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../identity/sessions';
import { registration } from '../../testing/accounts';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { OWASP_SCRYPT_COST } from '../../identity/passwords';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { DEFAULT_LIMITS } from '../../limits';
import { CODE_REFUSED, CODE_REQUIRED, WRONG_CREDENTIALS } from './authRoutes';

// At the api's own cost, each wrong password is a real scrypt check (~350 ms), and the machine may be busy.
jest.setTimeout(120_000);

const { perAddress, perAccount, codes, checksPerSession } = DEFAULT_LIMITS.login;

let counter = 0;
function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${process.pid}.${counter}@example.co.za`;
}

interface SignIn {
  email: string;
  password: string;
  code?: string;
}

/** A sign-in from `address` (through the trusted proxy's X-Forwarded-For), by `browser` or a new one. */
function signIn(ctx: TestApp, address: string, { email, password, code }: SignIn, browser: ShopperSession = shopperSession(ctx.app)): Promise<LightMyRequestResponse> {
  const payload = code === undefined ? { email, password } : { email, password, code };
  return browser.request({ method: 'POST', url: '/auth/login', payload, headers: { 'x-forwarded-for': address } });
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

/** The codes mailed to `email` so far, oldest first (the test apps keep their mail in the outbox). */
async function mailedCodes(ctx: TestApp, email: string): Promise<string[]> {
  const mail = await ctx.database.query<{ subject: string; body: string }>('SELECT subject, text_body AS body FROM mail_outbox WHERE recipient = $1 ORDER BY id', [email]);
  return mail.rows.filter((row) => row.subject === 'Your Jacaranda sign-in code').map((row) => /Your code: (\d{6})/.exec(row.body)?.[1] ?? 'none');
}

/** A six-digit code that is none of `codes`. */
function anotherCode(codes: readonly string[]): string {
  let code = 100_000;
  while (codes.includes(String(code))) code += 1;
  return String(code);
}

let networks = 0;

/**
 * `perAccount.max` wrong passwords for `email`, each from an address of its own in a network no
 * other call uses: the account is now being guessed.
 */
async function guessFromEverywhere(ctx: TestApp, email: string): Promise<void> {
  networks += 1;
  for (let n = 0; n < perAccount.max; n += 1) {
    const answer = await signIn(ctx, `198.18.${networks}.${n + 1}`, { email, password: `guess ${n}` });
    expect(answer.json()).toEqual({ error: 'invalid_credentials', message: WRONG_CREDENTIALS });
  }
}

function signedIn(answer: LightMyRequestResponse, email: string): void {
  expect(answer.statusCode).toBe(200);
  expect(answer.json<{ user: { email: string } }>().user.email).toBe(email);
  expect(answer.cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
}

function notSignedIn(answer: LightMyRequestResponse, body: object): void {
  expect(answer.statusCode).toBe(401);
  expect(answer.json()).toEqual(body);
  expect(answer.cookies.map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
}

describe.each(testDatabases())("guessing passwords at the api's own scrypt cost ($name)", (target) => {
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

  it(`of 20 wrong passwords at once for one account, exactly ${perAccount.max} are answered "wrong"; the rest ask for a code, and none is refused`, async () => {
    const account = await registerAccount(ctx, 'sipho');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => signIn(ctx, '203.0.113.60', { email: account.email, password: `guess number ${n}` })));
    const bodies = answers.map((answer) => answer.json<{ error: string }>().error);
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
    expect(bodies.filter((error) => error === 'invalid_credentials')).toHaveLength(perAccount.max);
    expect(bodies.filter((error) => error === 'code_required')).toHaveLength(20 - perAccount.max);
    expect(await failuresOf(ctx, account.email)).toBe(20);
    expect(await mailedCodes(ctx, account.email)).toEqual([]);
  });
});

describe.each(testDatabases())('guessing passwords ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    // One guess after another: what counts is how many, not how long each hash takes.
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  it(`${perAccount.max} wrong passwords from the owner's own address do not lock the owner out: the right password asks for the mailed code, and with it the owner signs in`, async () => {
    const account = await registerAccount(ctx, 'lerato');
    const sharedAddress = '203.0.113.61';
    for (let n = 0; n < perAccount.max; n += 1) {
      notSignedIn(await signIn(ctx, sharedAddress, { email: account.email, password: `guess ${n}` }), { error: 'invalid_credentials', message: WRONG_CREDENTIALS });
    }
    const owner = shopperSession(ctx.app);
    const asked = await signIn(ctx, sharedAddress, { email: account.email, password: account.password }, owner);
    notSignedIn(asked, CODE_REQUIRED);
    expect(asked.json<{ message: string }>().message).toMatch(/^For your safety we need one more step: if the password is right, we've emailed a 6-digit code/);
    const [code] = await mailedCodes(ctx, account.email);
    expect(code).toMatch(/^\d{6}$/);

    signedIn(await signIn(ctx, sharedAddress, { email: account.email, password: account.password, code }, owner), account.email);
    const me = await owner.request({ url: '/auth/me' });
    expect(me.json()).toMatchObject({ user: { email: account.email } });
  });

  it(`a guesser changing address for every try meets the code after ${perAccount.max} failures: the right and a wrong password are answered alike, and the right one does not sign in without the code`, async () => {
    const account = await registerAccount(ctx, 'zodwa');
    await guessFromEverywhere(ctx, account.email);

    const wrong = await signIn(ctx, '192.0.2.101', { email: account.email, password: 'another guess' });
    const right = await signIn(ctx, '192.0.2.102', { email: account.email, password: account.password });
    notSignedIn(wrong, CODE_REQUIRED);
    notSignedIn(right, CODE_REQUIRED);
    expect(right.body).toBe(wrong.body);
    expect(right.headers['retry-after']).toBe(wrong.headers['retry-after']);
    // Nor do the counts tell them apart: each attempt stays counted for the account and its address.
    expect(await failuresOf(ctx, account.email, '192.0.2.101')).toBe(1);
    expect(await failuresOf(ctx, account.email, '192.0.2.102')).toBe(1);

    // With a code, a wrong password and a wrong code are answered alike too.
    const [mailed] = await mailedCodes(ctx, account.email);
    const wrongPasswordRightCode = await signIn(ctx, '192.0.2.103', { email: account.email, password: 'yet another guess', code: mailed });
    const rightPasswordWrongCode = await signIn(ctx, '192.0.2.104', { email: account.email, password: account.password, code: anotherCode([mailed ?? '']) });
    notSignedIn(wrongPasswordRightCode, CODE_REFUSED);
    notSignedIn(rightPasswordWrongCode, CODE_REFUSED);
    // Only the right password had a code mailed, to the owner alone.
    expect(await mailedCodes(ctx, account.email)).toHaveLength(1);
  });

  it('answers an email without an account exactly as a real one, and mails nobody', async () => {
    const ghost = uniqueEmail('ghost');
    await guessFromEverywhere(ctx, ghost);
    notSignedIn(await signIn(ctx, '192.0.2.200', { email: ghost, password: 'correct horse battery' }), CODE_REQUIRED);
    notSignedIn(await signIn(ctx, '192.0.2.201', { email: ghost, password: 'correct horse battery', code: '123456' }), CODE_REFUSED);
    const mail = await ctx.database.query('SELECT 1 FROM mail_outbox WHERE recipient = $1', [ghost]);
    expect(mail.rows).toEqual([]);
  });

  it('the right password without a code forgives its own address only: failures from elsewhere keep counting', async () => {
    const account = await registerAccount(ctx, 'ayanda');
    for (let n = 0; n < 2; n += 1) expect((await signIn(ctx, '203.0.113.62', { email: account.email, password: `typo ${n}` })).statusCode).toBe(401);
    expect((await signIn(ctx, '203.0.113.63', { email: account.email, password: 'someone else' })).statusCode).toBe(401);
    signedIn(await signIn(ctx, '203.0.113.62', account), account.email);
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
    expect((await signIn(ctx, carrier, { email: uniqueEmail('nobody'), password: 'a guess' })).statusCode).toBe(401);
    // …the next attempt is refused before any hash until the oldest leaves the window.
    const refused = await signIn(ctx, carrier, account);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_attempts', message: expect.stringMatching(/^Too many sign-in attempts from your connection\. Try again in 1[45] minutes\.$/) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(perAddress.windowSeconds - 120);
    expect(retryAfter).toBeLessThanOrEqual(perAddress.windowSeconds - 60);
    signedIn(await signIn(ctx, '203.0.113.65', account), account.email);
  });

  it('deletes failures older than every window, and codes past their time, on the sweep; keeps recent ones', async () => {
    const email = uniqueEmail('old');
    await seedFailures(ctx, [
      { email, address: '203.0.113.67', secondsAgo: perAccount.windowSeconds + 60 },
      { email, address: '203.0.113.67', secondsAgo: 10 },
    ]);
    const account = await registerAccount(ctx, 'sweep');
    await guessFromEverywhere(ctx, account.email);
    for (let n = 0; n < 2; n += 1) notSignedIn(await signIn(ctx, '192.0.2.210', account), CODE_REQUIRED);
    await ctx.database.query(
      `UPDATE sign_in_codes SET expires_at = clock_timestamp() - interval '1 second'
       WHERE id = (SELECT min(c.id) FROM sign_in_codes c JOIN users u ON u.id = c.user_id WHERE u.email_key = $1)`,
      [account.email],
    );
    await ctx.app.expirySweeper.sweep();
    expect(await failuresOf(ctx, email)).toBe(1);
    const left = await ctx.database.query('SELECT 1 FROM sign_in_codes c JOIN users u ON u.id = c.user_id WHERE u.email_key = $1', [account.email]);
    expect(left.rows).toHaveLength(1);
  });
});

describe.each(testDatabases())('the mailed sign-in code ($name)', (target) => {
  let ctx: TestApp;

  // Quick hashes: these tests are about the codes, and check dozens of passwords.
  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  /** An account being guessed, and its owner's first code. */
  async function guessedAccount(name: string) {
    const account = await registerAccount(ctx, name);
    await guessFromEverywhere(ctx, account.email);
    notSignedIn(await signIn(ctx, '203.0.113.90', account), CODE_REQUIRED);
    const [code] = await mailedCodes(ctx, account.email);
    return { account, code: code as string };
  }

  it('works once: used again, even with the right password, it is refused', async () => {
    const { account, code } = await guessedAccount('once');
    const owner = shopperSession(ctx.app);
    signedIn(await signIn(ctx, '203.0.113.90', { ...account, code }, owner), account.email);
    expect((await owner.request({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(204);
    // The guesses from elsewhere still count: the account still asks for a code, and this one is spent.
    notSignedIn(await signIn(ctx, '203.0.113.90', { ...account, code }, owner), CODE_REFUSED);
  });

  it(`works for ${codes.validSeconds / 60} minutes; a new one can be asked for with the password, and the newest works`, async () => {
    const { account, code } = await guessedAccount('expiry');
    await ctx.database.query(
      `UPDATE sign_in_codes SET expires_at = clock_timestamp() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email_key = $1)`,
      [account.email],
    );
    notSignedIn(await signIn(ctx, '203.0.113.91', { ...account, code }), CODE_REFUSED);
    notSignedIn(await signIn(ctx, '203.0.113.91', account), CODE_REQUIRED);
    const fresh = (await mailedCodes(ctx, account.email)).at(-1);
    expect(await mailedCodes(ctx, account.email)).toHaveLength(2);
    signedIn(await signIn(ctx, '203.0.113.91', { ...account, code: fresh }), account.email);
  });

  it(`is spent by ${codes.wrongTries} wrong codes sent with the right password: the right code then no longer works`, async () => {
    const { account, code } = await guessedAccount('tries');
    for (let n = 0; n < codes.wrongTries; n += 1) {
      notSignedIn(await signIn(ctx, '203.0.113.92', { ...account, code: anotherCode([code]) }), CODE_REFUSED);
    }
    notSignedIn(await signIn(ctx, '203.0.113.92', { ...account, code }), CODE_REFUSED);
  });

  it("cannot be spent by someone without the password: wrong codes with a wrong password leave the owner's code working", async () => {
    const { account, code } = await guessedAccount('keeps');
    for (let n = 0; n < codes.wrongTries + 2; n += 1) {
      notSignedIn(await signIn(ctx, `192.0.2.${60 + n}`, { email: account.email, password: `guess ${n}`, code: anotherCode([code]) }), CODE_REFUSED);
    }
    signedIn(await signIn(ctx, '203.0.113.93', { ...account, code }), account.email);
  });

  it(`is mailed at most ${codes.mails.max} times an hour to one account, whoever asks; past it the answer is the same and nothing is sent`, async () => {
    const { account } = await guessedAccount('flood');
    for (let n = 1; n < codes.mails.max + 3; n += 1) notSignedIn(await signIn(ctx, `192.0.2.${120 + n}`, account), CODE_REQUIRED);
    expect(await mailedCodes(ctx, account.email)).toHaveLength(codes.mails.max);
  });

  it('refuses a code that is not six digits with a 400 naming the field, and counts nothing', async () => {
    const account = await registerAccount(ctx, 'shape');
    for (const code of ['12345', '1234567', '12 3456', 'abcdef', '']) {
      const answer = await signIn(ctx, '203.0.113.94', { ...account, code });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: 'bad_request', message: 'body/code must be the 6 digits from the mail' });
    }
    expect(await failuresOf(ctx, account.email)).toBe(0);
  });

  it('is not asked for, nor needed, while the account is not being guessed: the right password alone signs in', async () => {
    const account = await registerAccount(ctx, 'calm');
    signedIn(await signIn(ctx, '203.0.113.95', { ...account, code: '000000' }), account.email);
    expect(await mailedCodes(ctx, account.email)).toEqual([]);
  });
});

describe.each(testDatabases())('the password asked again of a signed-in shopper ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  function changePassword(browser: ShopperSession, address: string, current: string) {
    return browser.request({
      method: 'POST',
      url: '/auth/password',
      payload: { current_password: current, new_password: 'a brand new passphrase' },
      headers: { 'x-forwarded-for': address },
    });
  }

  it(`is checked ${checksPerSession.max} times a window in one session, then refused; the owner's other session, on the same connection, is not held up, and signing in asks for no code`, async () => {
    const account = await registerAccount(ctx, 'session');
    const address = '203.0.113.96';
    const borrowed = shopperSession(ctx.app);
    signedIn(await signIn(ctx, address, account, borrowed), account.email);
    for (let n = 0; n < checksPerSession.max; n += 1) {
      const wrong = await changePassword(borrowed, address, `guess ${n}`);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ error: 'wrong_password' });
    }
    const refused = await changePassword(borrowed, address, account.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_attempts', message: expect.stringMatching(/Try again in 15 minutes, or sign out and in again\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(checksPerSession.windowSeconds - 60);

    const owner = shopperSession(ctx.app);
    signedIn(await signIn(ctx, address, account, owner), account.email);
    const changed = await changePassword(owner, address, account.password);
    expect(changed.statusCode).toBe(200);
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
    const answers = await Promise.all(Array.from({ length: 4 }, (_, n) => signIn(ctx, '203.0.113.70', { email: account.email, password: `guess ${n}` })));
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

  it("refuses a signed-in shopper's password check the same way, without using up one of the session's checks", async () => {
    const account = await registerAccount(ctx, 'lindiwe');
    const browser = shopperSession(ctx.app);
    expect((await signIn(ctx, '203.0.113.71', account, browser)).statusCode).toBe(200);
    const exportWith = (password: string) => browser.request({ method: 'POST', url: '/account/data-export', payload: { password } });
    const burst = await Promise.all(Array.from({ length: 4 }, (_, n) => exportWith(`guess ${n}`)));
    const busy = burst.filter((answer) => answer.statusCode === 503).length;
    expect(busy).toBeGreaterThanOrEqual(1);
    expect(burst.every((answer) => answer.statusCode === 403 || answer.statusCode === 503)).toBe(true);
    // The checks made so far are 4 − busy; the session has the rest of its window's checks.
    let checked = 0;
    while ((await exportWith(`later guess ${checked}`)).statusCode === 403) checked += 1;
    expect(checked).toBe(checksPerSession.max - (4 - busy));
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
