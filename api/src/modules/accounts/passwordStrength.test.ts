/**
 * How hard a new password is to guess, wherever one is set (register, reset, change): the
 * passwords people try first are refused with the reason, and so is one made of the shopper's own
 * name or email; a passphrase of uncommon words goes through.
 */
import { registration } from '../../testing/accounts';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_RATE_LIMITS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

jest.setTimeout(60_000);

/** Passwords the shared length rule lets through, each with the reason a shopper should read. */
const OBVIOUS: [string, RegExp][] = [
  ['Passw0rd!', /common password with a small change/],
  ['jacaranda', /the shop’s name/],
  ['jacaranda123', /the shop’s name/],
  ['Summer2024', /guessed quickly/],
  ['Welcome1!', /common password with a small change/],
  ['zaq1zaq1', /Repeated patterns, like "abcabc"/],
  ['abcdefgh', /Runs like "abc" or "1234"/],
  ['aaaaaaab', /Repeated characters, like "aaa"/],
  ['password 1', /common password with a small change/],
];

/** What a refusal for a password made of the shopper's own name or email says. */
const HERS = /your name, your email address/;

/** The obvious ones, and Thandi Nkosi's own names. */
const OBVIOUS_FOR_THANDI: [string, RegExp][] = [...OBVIOUS, ['thandi.nkosi', HERS], ['Thandi Nkosi', HERS]];

const STRONG = 'violet kettle umbrella march';
const ANOTHER_STRONG = 'copper lantern under the baobab';

let counter = 0;
function unique(): string {
  counter += 1;
  return `${process.pid}.${counter}`;
}

/** Thandi Nkosi, at an address of her own. */
function thandi(overrides: Record<string, unknown> = {}) {
  return registration(`thandi.nkosi.${unique()}@example.co.za`, { first_name: 'Thandi', last_name: 'Nkosi', ...overrides });
}

function expectRefused(response: { statusCode: number; json: <T>() => T }, reason: RegExp): void {
  expect(response.statusCode).toBe(400);
  const body = response.json<{ error: string; message: string }>();
  expect(body.error).toBe('weak_password');
  expect(body.message).toMatch(reason);
  expect(body.message).toMatch(/Add another word or two that are less common\./);
}

describe.each(testDatabases())('new passwords are judged by how easily they are guessed ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(target, { limits: ROOMY_RATE_LIMITS });
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function accountExists(email: string): Promise<boolean> {
    const users = await ctx.database.query('SELECT 1 FROM users WHERE email_key = $1', [email.toLowerCase()]);
    return users.rows.length > 0;
  }

  async function registered(account: ReturnType<typeof thandi>): Promise<ShopperSession> {
    const browser = shopperSession(ctx.app);
    const response = await browser.request({ method: 'POST', url: '/auth/register', payload: account });
    expect(response.statusCode).toBe(201);
    return browser;
  }

  async function signsIn(email: string, password: string): Promise<boolean> {
    const response = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/login', payload: { email, password } });
    return response.statusCode === 200;
  }

  async function resetLinkFor(email: string): Promise<string> {
    await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    const outbox = await shopperSession(ctx.app).request({ url: `/dev/outbox?recipient=${encodeURIComponent(email)}` });
    const bodies = outbox.json<{ body: string }[]>().map((mail) => mail.body);
    const token = bodies.map((body) => /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1]).find(Boolean);
    if (!token) throw new Error(`no reset link mailed to ${email}`);
    return token;
  }

  describe('at registration', () => {
    it.each(OBVIOUS)('refuses %s, saying why, and creates nothing', async (password, reason) => {
      const account = thandi({ password });
      const response = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: account });
      expectRefused(response, reason);
      expect(await accountExists(account.email)).toBe(false);
    });

    it.each([
      ['her names joined as in an email address', 'thandi.nkosi'],
      ['her names the other way round', 'NkosiThandi'],
      ['her surname and a year', 'Nkosi1990!'],
    ])('refuses %s for Thandi Nkosi', async (_case, password) => {
      const account = thandi({ password });
      const response = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: account });
      expectRefused(response, HERS);
      expect(await accountExists(account.email)).toBe(false);
    });

    it('refuses the part of her email address before the @', async () => {
      const account = registration(`kwezi.moon.77@p${unique().replace('.', '-')}.example.co.za`, { first_name: 'Lerato', last_name: 'Dlamini', password: 'kwezi.moon.77' });
      const response = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: account });
      expectRefused(response, HERS);
    });

    it('accepts from another shopper the name that was refused for Thandi Nkosi', async () => {
      await registered(registration(`lerato.${unique()}@example.co.za`, { first_name: 'Lerato', last_name: 'Dlamini', password: 'thandi.nkosi' }));
    });

    it('accepts a passphrase of uncommon words, which then signs in', async () => {
      const account = thandi({ password: STRONG });
      await registered(account);
      expect(await signsIn(account.email, STRONG)).toBe(true);
    });

    it('judges the longest password allowed: a strong one is accepted, one word repeated is refused', async () => {
      const long = Array.from({ length: 8 }, () => `${STRONG}, `).join('').slice(0, 200);
      expect([...long]).toHaveLength(200);
      await registered(thandi({ password: long }));
      const repeated = thandi({ password: 'password'.repeat(25) });
      expectRefused(await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: repeated }), /Repeated patterns/);
    });
  });

  describe('at reset', () => {
    it('refuses each obvious password and her own name with the reason, keeping the link for a strong one', async () => {
      const account = thandi({ password: STRONG });
      await registered(account);
      const token = await resetLinkFor(account.email);
      for (const [password, reason] of OBVIOUS_FOR_THANDI) {
        expectRefused(await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/reset-password', payload: { token, password } }), reason);
      }
      expect(await signsIn(account.email, STRONG)).toBe(true);

      const reset = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/reset-password', payload: { token, password: ANOTHER_STRONG } });
      expect(reset.statusCode).toBe(200);
      expect(await signsIn(account.email, ANOTHER_STRONG)).toBe(true);
    });
  });

  describe('at a change from the account page', () => {
    it('refuses each obvious password and her own name with the reason, changing nothing, then takes a strong one', async () => {
      const account = thandi({ password: STRONG });
      const browser = await registered(account);
      for (const [password, reason] of OBVIOUS_FOR_THANDI) {
        const response = await browser.request({ method: 'POST', url: '/auth/password', payload: { current_password: STRONG, new_password: password } });
        expectRefused(response, reason);
      }
      expect(await signsIn(account.email, STRONG)).toBe(true);

      const changed = await browser.request({ method: 'POST', url: '/auth/password', payload: { current_password: STRONG, new_password: ANOTHER_STRONG } });
      expect(changed.statusCode).toBe(200);
      expect(await signsIn(account.email, ANOTHER_STRONG)).toBe(true);
    });
  });
});
