import { registration } from '../../testing/accounts';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { CODE_REFUSED, CODE_REQUIRED } from './authRoutes';
import { anotherCode, checksPerSession, codes, failuresOf, guessFromEverywhere, mailedCodes, notSignedIn, registerAccount, signedIn, signIn, uniqueEmail } from './signInTestKit';

// At the api's own cost, each wrong password is a real scrypt check (~350 ms), and the machine may be busy.
jest.setTimeout(120_000);

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
