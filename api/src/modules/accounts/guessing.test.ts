import { OWASP_SCRYPT_COST } from '../../identity/passwords';
import { shopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { CODE_REFUSED, CODE_REQUIRED, WRONG_CREDENTIALS } from './authRoutes';
import { anotherCode, failuresOf, guessFromEverywhere, mailedCodes, notSignedIn, perAccount, perAddress, registerAccount, seedFailures, signedIn, signIn, uniqueEmail } from './signInTestKit';

// At the api's own cost, each wrong password is a real scrypt check (~350 ms), and the machine may be busy.
jest.setTimeout(120_000);

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
