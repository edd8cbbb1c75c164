import { SESSION_COOKIE, SHOPPER_COOKIE } from '@storefront/contracts';
import { cartLineKey } from '@storefront/shared/domain';
import type { CartItem, Product } from '@storefront/shared/types';
import { DEFAULT_LIMITS } from '../../limits';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { registration } from '../../testing/accounts';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_RATE_LIMITS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { RESET_REQUESTED } from './passwordReset';

// scrypt at OWASP's cost takes a few hundred milliseconds a hash, and these tests make many.
jest.setTimeout(60_000);

let counter = 0;
function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return registration(`thandi.${process.pid}.${counter}@example.co.za`, overrides);
}

/** Every body the api sent, as text, to prove the password hash never leaves it. */
const bodiesSeen: string[] = [];

describe.each(testDatabases())('accounts ($name)', (target) => {
  let ctx: TestApp;
  let product: Product;

  beforeAll(async () => {
    // These tests register dozens of accounts from app.inject's one address; the limits per
    // address have their own tests (plugins/rateLimits.test.ts).
    ctx = await startTestApp(target, { limits: ROOMY_RATE_LIMITS });
    product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock >= 10, 'simple product with stock');
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function call(session: ShopperSession, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const response = await session.request({ method, url, ...(payload ? { payload } : {}) });
    bodiesSeen.push(response.body);
    return response;
  }

  async function register(session: ShopperSession, account = newAccount()) {
    const response = await call(session, 'POST', '/auth/register', account);
    expect(response.statusCode).toBe(201);
    return account;
  }

  async function addToCart(session: ShopperSession, qty: number) {
    const response = await call(session, 'POST', '/cart', { id: cartLineKey(product), qty });
    expect(response.statusCode).toBe(201);
  }

  async function cart(session: ShopperSession): Promise<CartItem[]> {
    return (await call(session, 'GET', '/cart')).json<CartItem[]>();
  }

  describe('register', () => {
    it('creates the account, signs it in, and answers the user without secrets', async () => {
      const browser = shopperSession(ctx.app);
      const account = newAccount();
      const response = await call(browser, 'POST', '/auth/register', account);
      expect(response.statusCode).toBe(201);
      const { user } = response.json<{ user: Record<string, unknown> }>();
      expect(Object.keys(user).sort()).toEqual(['created_at', 'email', 'first_name', 'id', 'last_name', 'operator', 'phone']);
      expect(user.operator).toBe(false);
      expect(user).toMatchObject({ email: account.email, first_name: 'Thandi', last_name: 'Mokoena', phone: '+27821234567' });
      const me = await call(browser, 'GET', '/auth/me');
      expect(me.statusCode).toBe(200);
      expect(me.json<{ user: { email: string } }>().user.email).toBe(account.email);
    });

    it("GET /auth/session answers a guest with user: null (no failed request), and the account once signed in, never cached", async () => {
      const browser = shopperSession(ctx.app);
      const guest = await call(browser, 'GET', '/auth/session');
      expect(guest.statusCode).toBe(200);
      expect(guest.json()).toEqual({ user: null });
      expect(guest.headers['cache-control']).toMatch(/no-store/);
      const account = await register(browser);
      const signedIn = await call(browser, 'GET', '/auth/session');
      expect(signedIn.json<{ user: { email: string } }>().user.email).toBe(account.email);
      expect((await call(browser, 'GET', '/auth/session?x=1')).statusCode).toBe(400);
    });

    it.each(['0821234567', '082 123 4567', '+27 82 123 4567', '27821234567', '+27 (0)82-123-4567'])('saves the phone written %s as +27821234567', async (phone) => {
      const response = await call(shopperSession(ctx.app), 'POST', '/auth/register', newAccount({ phone }));
      expect(response.statusCode).toBe(201);
      expect(response.json<{ user: { phone: string } }>().user.phone).toBe('+27821234567');
    });

    it('refuses a second account for the same email, whatever its case', async () => {
      const account = await register(shopperSession(ctx.app));
      const again = await call(shopperSession(ctx.app), 'POST', '/auth/register', { ...newAccount(), email: ` ${account.email.toUpperCase()} ` });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'email_taken' });
    });

    it('refuses a short password, a bad phone, a bad email and unknown fields, creating nothing', async () => {
      const browser = shopperSession(ctx.app);
      const cases: [Record<string, unknown>, string][] = [
        [newAccount({ password: 'short' }), 'weak_password'],
        [newAccount({ phone: '+27 82 123' }), 'invalid_phone'],
        [newAccount({ phone: 'call me' }), 'invalid_phone'],
        [newAccount({ email: 'not-an-email' }), 'invalid_email'],
        [{ ...newAccount(), admin: true }, 'bad_request'],
        [{ email: 'x@example.co.za', password: 'long enough' }, 'bad_request'],
      ];
      for (const [account, error] of cases) {
        const response = await call(browser, 'POST', '/auth/register', account);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error });
      }
      const users = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email_key = $1', [
        `thandi.${process.pid}.${counter}@example.co.za`,
      ]);
      expect(users.rows[0]?.n).toBe(0);
      expect((await call(browser, 'GET', '/auth/me')).statusCode).toBe(401);
    });

    it('stores the password as a scrypt hash, never as it was typed', async () => {
      const account = await register(shopperSession(ctx.app));
      const row = await ctx.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email_key = $1', [account.email]);
      // The cost is the test app's quick one here; guessing.test.ts checks the api's own (OWASP's).
      expect(row.rows[0]?.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(row.rows[0]?.password_hash).not.toContain(account.password);
    });
  });

  describe('login and logout', () => {
    it('signs in with the right password and sets an HttpOnly, SameSite=Lax browser-session cookie', async () => {
      const account = await register(shopperSession(ctx.app));
      const browser = shopperSession(ctx.app);
      const response = await call(browser, 'POST', '/auth/login', { email: account.email, password: account.password });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.maxAge).toBeUndefined();
      expect(cookie?.expires).toBeUndefined();
    });

    it('keeps a remembered sign-in for 30 days', async () => {
      const account = await register(shopperSession(ctx.app));
      const response = await call(shopperSession(ctx.app), 'POST', '/auth/login', { email: account.email, password: account.password, remember: true });
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.maxAge).toBe(30 * 24 * 60 * 60);
    });

    it('answers a wrong password and an unknown email alike: 401 with one message', async () => {
      const account = await register(shopperSession(ctx.app));
      const wrongPassword = await call(shopperSession(ctx.app), 'POST', '/auth/login', { email: account.email, password: 'not the password' });
      const unknownEmail = await call(shopperSession(ctx.app), 'POST', '/auth/login', { email: `nobody.${counter}@example.co.za`, password: 'whatever it is' });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual(unknownEmail.json());
      expect(wrongPassword.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    });

    it('gives a new session id on every sign-in, and the old one stops working', async () => {
      const account = await register(shopperSession(ctx.app));
      const browser = shopperSession(ctx.app);
      await call(browser, 'POST', '/auth/login', { email: account.email, password: account.password });
      const first = browser.cookies.get(SESSION_COOKIE);
      await call(browser, 'POST', '/auth/login', { email: account.email, password: account.password });
      const second = browser.cookies.get(SESSION_COOKIE);
      expect(first).toBeDefined();
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      const replay = await ctx.app.inject({ url: '/auth/me', headers: { cookie: `${SESSION_COOKIE}=${first}` } });
      expect(replay.statusCode).toBe(401);
    });

    it('signs out: 204, the session is gone and the browser gets a fresh anonymous shopper', async () => {
      const browser = shopperSession(ctx.app);
      await register(browser);
      const session = browser.cookies.get(SESSION_COOKIE);
      const anonymousBefore = browser.cookies.get(SHOPPER_COOKIE);
      const response = await call(browser, 'POST', '/auth/logout');
      expect(response.statusCode).toBe(204);
      expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(browser.cookies.get(SHOPPER_COOKIE)).not.toBe(anonymousBefore);
      expect((await call(browser, 'GET', '/auth/me')).statusCode).toBe(401);
      const stolen = await ctx.app.inject({ url: '/auth/me', headers: { cookie: `${SESSION_COOKIE}=${session}` } });
      expect(stolen.statusCode).toBe(401);
      expect(await cart(browser)).toEqual([]);
    });

    const MAX_FAILURES = DEFAULT_LIMITS.login.perAccount.max;
    const from = (address: string) => ({ 'x-forwarded-for': address });

    it('refuses nobody for guessing: after 5 failures the account asks for a code mailed to its owner, from every address, the guesser\'s too', async () => {
      const account = await register(shopperSession(ctx.app));
      const guesser = shopperSession(ctx.app);
      const attacker = `198.51.100.${counter % 250}`;
      for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
        const response = await guesser.request({
          method: 'POST',
          url: '/auth/login',
          payload: { email: account.email, password: `guess ${attempt}` },
          headers: from(attacker),
        });
        expect(response.statusCode).toBe(401);
      }
      const stopped = await guesser.request({
        method: 'POST',
        url: '/auth/login',
        payload: { email: account.email, password: account.password },
        headers: from(attacker),
      });
      expect(stopped.statusCode).toBe(401);
      expect(stopped.json()).toMatchObject({ error: 'code_required' });
      expect((await call(guesser, 'GET', '/auth/me')).statusCode).toBe(401);

      const owner = await call(shopperSession(ctx.app), 'POST', '/auth/login', { email: account.email, password: account.password });
      expect(owner.statusCode).toBe(401);
      expect(owner.json()).toMatchObject({ error: 'code_required' });
    });

    it('lets an address that failed 5 times on one account sign in to another: the per-address limit is across accounts and higher', async () => {
      const victim = await register(shopperSession(ctx.app));
      const neighbour = await register(shopperSession(ctx.app));
      const carrier = `198.51.101.${counter % 250}`;
      for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
        const response = await shopperSession(ctx.app).request({
          method: 'POST',
          url: '/auth/login',
          payload: { email: victim.email, password: 'password123' },
          headers: from(carrier),
        });
        expect(response.statusCode).toBe(401);
      }
      const sameConnection = await shopperSession(ctx.app).request({
        method: 'POST',
        url: '/auth/login',
        payload: { email: neighbour.email, password: neighbour.password },
        headers: from(carrier),
      });
      expect(sameConnection.statusCode).toBe(200);
    });
  });

  describe('the account', () => {
    it('answers 401 to /auth/me when signed out', async () => {
      const response = await call(shopperSession(ctx.app), 'GET', '/auth/me');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'not_signed_in' });
    });

    it('edits the name and phone, normalising the phone by the shared rule', async () => {
      const browser = shopperSession(ctx.app);
      await register(browser);
      const response = await call(browser, 'PATCH', '/auth/me', { first_name: 'Thandiwe', phone: '0731112222' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: { first_name: 'Thandiwe', last_name: 'Mokoena', phone: '+27731112222' } });
      expect((await call(browser, 'PATCH', '/auth/me', { phone: '123' })).statusCode).toBe(400);
      expect((await call(browser, 'PATCH', '/auth/me', {})).statusCode).toBe(400);
      expect((await call(browser, 'PATCH', '/auth/me', { email: 'new@example.co.za' })).statusCode).toBe(400);
      expect((await call(shopperSession(ctx.app), 'PATCH', '/auth/me', { first_name: 'Nobody' })).statusCode).toBe(401);
    });

    it('keeps saved addresses to their owner', async () => {
      const owner = shopperSession(ctx.app);
      await register(owner);
      const address = { label: 'Home', recipient: 'Thandi Mokoena', street: '12 Jacaranda St', suburb: 'Hatfield', city: 'Pretoria', province: 'Gauteng', postal_code: '0083' };
      const created = await call(owner, 'POST', '/account/addresses', address);
      expect(created.statusCode).toBe(201);
      const { id } = created.json<{ id: string }>();
      expect((await call(owner, 'POST', '/account/addresses', { ...address, province: 'Atlantis' })).statusCode).toBe(400);
      expect((await call(owner, 'POST', '/account/addresses', { ...address, postal_code: '83' })).statusCode).toBe(400);

      const stranger = shopperSession(ctx.app);
      await register(stranger);
      expect(await (await call(stranger, 'GET', '/account/addresses')).json()).toEqual([]);
      expect((await call(stranger, 'DELETE', `/account/addresses/${id}`)).statusCode).toBe(404);
      expect((await call(stranger, 'PUT', `/account/addresses/${id}`, address)).statusCode).toBe(404);

      const updated = await call(owner, 'PUT', `/account/addresses/${id}`, { ...address, city: 'Tshwane' });
      expect(updated.json()).toMatchObject({ id, city: 'Tshwane' });
      expect((await call(owner, 'DELETE', `/account/addresses/${id}`)).statusCode).toBe(204);
      expect((await call(shopperSession(ctx.app), 'GET', '/account/addresses')).statusCode).toBe(401);
    });
  });

  describe('cart and wishlist on sign-in', () => {
    it('merges the anonymous cart into the account: quantities added, capped at stock, wishlist kept', async () => {
      const laptop = shopperSession(ctx.app);
      const account = await register(laptop);
      await addToCart(laptop, 2);
      await call(laptop, 'POST', '/auth/logout');

      const phone = shopperSession(ctx.app);
      await addToCart(phone, 3);
      await call(phone, 'POST', '/wishlist', { id: product.id });
      const login = await call(phone, 'POST', '/auth/login', { email: account.email, password: account.password });
      expect(login.statusCode).toBe(200);
      expect(await cart(phone)).toEqual([expect.objectContaining({ id: cartLineKey(product), qty: 5 })]);
      expect((await call(phone, 'GET', '/wishlist')).json<Product[]>().map((item) => item.id)).toEqual([product.id]);

      await ctx.database.query('UPDATE products SET stock = 6 WHERE id = $1', [product.id]);
      const tablet = shopperSession(ctx.app);
      await addToCart(tablet, 4);
      await call(tablet, 'POST', '/auth/login', { email: account.email, password: account.password });
      expect((await cart(tablet))[0]?.qty).toBe(6);
      await ctx.database.query('UPDATE products SET stock = $2 WHERE id = $1', [product.id, product.stock]);
    });

    it('carries the cart through registration', async () => {
      const browser = shopperSession(ctx.app);
      await addToCart(browser, 2);
      await register(browser);
      expect(await cart(browser)).toEqual([expect.objectContaining({ id: cartLineKey(product), qty: 2 })]);
    });
  });

  describe('password reset', () => {
    async function resetLinkFor(email: string): Promise<string> {
      const outbox = await call(shopperSession(ctx.app), 'GET', `/dev/outbox?recipient=${encodeURIComponent(email)}`);
      const [mail] = outbox.json<{ body: string }[]>();
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
      if (!token) throw new Error(`no reset link mailed to ${email}`);
      return token;
    }

    it('answers 202 the same way whether or not the account exists, and mails only real accounts', async () => {
      const account = await register(shopperSession(ctx.app));
      const known = await call(shopperSession(ctx.app), 'POST', '/auth/forgot-password', { email: account.email });
      const unknown = await call(shopperSession(ctx.app), 'POST', '/auth/forgot-password', { email: `ghost.${counter}@example.co.za` });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.json()).toEqual({ message: RESET_REQUESTED });
      expect(unknown.json()).toEqual(known.json());
      const ghostMail = await call(shopperSession(ctx.app), 'GET', `/dev/outbox?recipient=ghost.${counter}@example.co.za`);
      expect(ghostMail.json()).toEqual([]);
      expect(await resetLinkFor(account.email)).toHaveLength(43);
    });

    it('round trip: the link sets a new password once, signs out every session, and the old password stops working', async () => {
      const browser = shopperSession(ctx.app);
      const account = await register(browser);
      await call(shopperSession(ctx.app), 'POST', '/auth/forgot-password', { email: account.email });
      const token = await resetLinkFor(account.email);

      expect((await call(shopperSession(ctx.app), 'POST', '/auth/reset-password', { token, password: 'short' })).statusCode).toBe(400);
      const reset = await call(shopperSession(ctx.app), 'POST', '/auth/reset-password', { token, password: 'a brand new secret' });
      expect(reset.statusCode).toBe(200);
      expect((await call(browser, 'GET', '/auth/me')).statusCode).toBe(401);

      const reused = await call(shopperSession(ctx.app), 'POST', '/auth/reset-password', { token, password: 'another new secret' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ error: 'invalid_token' });

      const oldPassword = await call(shopperSession(ctx.app), 'POST', '/auth/login', { email: account.email, password: account.password });
      expect(oldPassword.statusCode).toBe(401);
      const newPassword = await call(shopperSession(ctx.app), 'POST', '/auth/login', { email: account.email, password: 'a brand new secret' });
      expect(newPassword.statusCode).toBe(200);
    });

    it('refuses an expired or made-up token', async () => {
      const account = await register(shopperSession(ctx.app));
      await call(shopperSession(ctx.app), 'POST', '/auth/forgot-password', { email: account.email });
      const token = await resetLinkFor(account.email);
      await ctx.database.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'");
      expect((await call(shopperSession(ctx.app), 'POST', '/auth/reset-password', { token, password: 'a brand new secret' })).statusCode).toBe(400);
      const madeUp = await call(shopperSession(ctx.app), 'POST', '/auth/reset-password', { token: 'x'.repeat(43), password: 'a brand new secret' });
      expect(madeUp.statusCode).toBe(400);
    });
  });

  it('never sends a password hash or a password in any answer', () => {
    expect(bodiesSeen.length).toBeGreaterThan(20);
    for (const body of bodiesSeen) {
      expect(body).not.toMatch(/scrypt\$/);
      expect(body).not.toMatch(/password_hash/);
      expect(body).not.toContain('correct horse battery');
    }
  });
});
