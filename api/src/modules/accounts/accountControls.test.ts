/**
 * A signed-in shopper's own controls: the password policy, changing the password and signing out other devices, and
 * the shopper's POPIA rights (download their data, delete the account), each confirmed by the
 * password and counted like a sign-in.
 */
import { SESSION_COOKIE } from '@storefront/contracts';
import type { Product } from '@storefront/shared/types';
import { registration } from '../../testing/accounts';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_RATE_LIMITS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { addLine, deliveryOrder, postOrder } from '../../testing/orderFixtures';
import { DELETED_AUTHOR } from './privacy';

jest.setTimeout(60_000);

const PASSWORD = 'correct horse battery';
let counter = 0;
function newEmail(): string {
  counter += 1;
  return `lerato.${process.pid}.${counter}@example.co.za`;
}

describe.each(testDatabases())('account controls ($name)', (target) => {
  let ctx: TestApp;
  let product: Product;

  beforeAll(async () => {
    ctx = await startTestApp(target, { limits: ROOMY_RATE_LIMITS });
    product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock >= 20, 'simple product with stock');
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function signedUp(email = newEmail()): Promise<{ browser: ShopperSession; email: string }> {
    const browser = shopperSession(ctx.app);
    const response = await browser.request({ method: 'POST', url: '/auth/register', payload: registration(email) });
    expect(response.statusCode).toBe(201);
    return { browser, email };
  }

  async function signIn(email: string, password = PASSWORD): Promise<{ browser: ShopperSession; status: number }> {
    const browser = shopperSession(ctx.app);
    const response = await browser.request({ method: 'POST', url: '/auth/login', payload: { email, password } });
    return { browser, status: response.statusCode };
  }

  async function isSignedIn(browser: ShopperSession): Promise<boolean> {
    return (await browser.request({ url: '/auth/me' })).statusCode === 200;
  }

  async function mailTo(email: string): Promise<string[]> {
    const rows = await ctx.database.query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE recipient = $1 ORDER BY id', [email]);
    return rows.rows.map((row) => row.subject);
  }

  describe('new passwords', () => {
    it.each([
      ['a common password', 'password'],
      ['a common password in another case', 'PassWord1'],
      ['a keyboard walk from the list', 'qwertyuiop'],
      ['eight spaces', '        '],
      ['one character repeated', 'aaaaaaaaaaaa'],
      ['seven characters that take fourteen UTF-16 units', '🔒🔑🔒🔑🔒🔑🔒'],
    ])('refuses %s at registration, creating nothing', async (_case, password) => {
      const email = newEmail();
      const response = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: registration(email, { password }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'weak_password' });
      const users = await ctx.database.query('SELECT 1 FROM users WHERE email_key = $1', [email]);
      expect(users.rows).toHaveLength(0);
    });

    it('accepts eight characters of any kind, spaces and emoji counted as one each', async () => {
      const response = await shopperSession(ctx.app).request({
        method: 'POST',
        url: '/auth/register',
        payload: registration(newEmail(), { password: 'ik 🌍 jy ' }),
      });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('changing the password', () => {
    it('needs the current password, changes it, keeps this device and signs out every other', async () => {
      const { browser, email } = await signedUp();
      const phone = (await signIn(email)).browser;
      await browser.request({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
      const links = await ctx.database.query('SELECT 1 FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email_key = $1', [email]);
      expect(links.rows).toHaveLength(1);

      const changed = await browser.request({
        method: 'POST',
        url: '/auth/password',
        payload: { current_password: PASSWORD, new_password: 'a brand new secret' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json<{ message: string }>().message).toMatch(/other device/);
      expect(await isSignedIn(browser)).toBe(true);
      expect(await isSignedIn(phone)).toBe(false);
      expect((await signIn(email)).status).toBe(401);
      expect((await signIn(email, 'a brand new secret')).status).toBe(200);
      // A reset link mailed before the change cannot undo it.
      const linksAfter = await ctx.database.query('SELECT 1 FROM password_reset_tokens t JOIN users u ON u.id = t.user_id WHERE u.email_key = $1', [email]);
      expect(linksAfter.rows).toHaveLength(0);
      expect(await mailTo(email)).toContain('Your Jacaranda password was changed');
    });

    it('refuses a wrong current password or a weak new one, changing nothing and signing nobody out', async () => {
      const { browser, email } = await signedUp();
      const phone = (await signIn(email)).browser;
      const wrong = await browser.request({
        method: 'POST',
        url: '/auth/password',
        payload: { current_password: 'not my password', new_password: 'a brand new secret' },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ error: 'wrong_password' });
      const weak = await browser.request({ method: 'POST', url: '/auth/password', payload: { current_password: PASSWORD, new_password: 'password1' } });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ error: 'weak_password' });
      const missing = await browser.request({ method: 'POST', url: '/auth/password', payload: { current_password: PASSWORD } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ message: string }>().message).toMatch(/new_password/);
      expect(await isSignedIn(phone)).toBe(true);
      expect((await signIn(email)).status).toBe(200);
    });

    it('counts wrong current passwords like sign-ins: the sixth in a row waits', async () => {
      const { browser } = await signedUp();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await browser.request({
          method: 'POST',
          url: '/auth/password',
          payload: { current_password: `guess number ${attempt}`, new_password: 'a brand new secret' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.headers['retry-after']).toMatch(/^\d+$/);
      }
      expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
      // Even the right one waits now: a stolen session does not get more guesses.
      const right = await browser.request({ method: 'POST', url: '/auth/password', payload: { current_password: PASSWORD, new_password: 'a brand new secret' } });
      expect(right.statusCode).toBe(429);
    });

    it('is for signed-in shoppers only', async () => {
      const response = await shopperSession(ctx.app).request({
        method: 'POST',
        url: '/auth/password',
        payload: { current_password: PASSWORD, new_password: 'a brand new secret' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('signing out other devices', () => {
    it('ends every other session of the account and keeps this one', async () => {
      const { browser, email } = await signedUp();
      const phone = (await signIn(email)).browser;
      const tablet = (await signIn(email)).browser;
      const someoneElse = (await signedUp()).browser;
      const response = await browser.request({ method: 'POST', url: '/auth/sessions/sign-out-others' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ signed_out: 2, message: 'Signed out of 2 other devices. You stay signed in here.' });
      expect(await isSignedIn(browser)).toBe(true);
      expect(await isSignedIn(phone)).toBe(false);
      expect(await isSignedIn(tablet)).toBe(false);
      expect(await isSignedIn(someoneElse)).toBe(true);
      const again = await browser.request({ method: 'POST', url: '/auth/sessions/sign-out-others' });
      expect(again.json()).toMatchObject({ signed_out: 0 });
    });

    it('ends the reset links asked for before, so one cannot change the password afterwards', async () => {
      const { browser, email } = await signedUp();
      const asked = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
      expect(asked.statusCode).toBe(202);
      const mailed = await ctx.database.query<{ body: string }>('SELECT text_body AS body FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [email]);
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mailed.rows[0]?.body ?? '')?.[1];
      expect(token).toBeDefined();

      expect((await browser.request({ method: 'POST', url: '/auth/sessions/sign-out-others' })).statusCode).toBe(200);

      const reset = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/reset-password', payload: { token, password: 'a brand new secret' } });
      expect(reset.statusCode).toBe(400);
      expect(reset.json()).toMatchObject({ error: 'invalid_token' });
      expect((await signIn(email, 'a brand new secret')).status).toBe(401);
      expect((await signIn(email)).status).toBe(200);
      expect(await isSignedIn(browser)).toBe(true);
    });
  });

  describe('downloading my data', () => {
    it('hands over the profile, addresses, orders, reviews, wishlist and cart, and nobody else’s', async () => {
      const { browser, email } = await signedUp();
      const other = (await signedUp()).browser;
      const address = { recipient: 'Lerato M', street: '4 Jacaranda Ave', city: 'Pretoria', province: 'Gauteng', postal_code: '0181' };
      expect((await browser.request({ method: 'POST', url: '/account/addresses', payload: address })).statusCode).toBe(201);
      await other.request({ method: 'POST', url: '/account/addresses', payload: { ...address, street: '9 Someone Else Rd' } });
      await addLine(browser, product, 1);
      expect((await postOrder(browser, deliveryOrder({ contact: { first_name: 'Lerato', last_name: 'M', email, phone: '+27821234567' } }))).statusCode).toBe(201);
      await addLine(browser, product, 2);
      await browser.request({ method: 'POST', url: '/wishlist', payload: { id: product.id } });
      const review = await browser.request({
        method: 'POST',
        url: `/products/${product.id}/reviews`,
        payload: { rating: 4, title: 'Good', body: 'Fits well and washes well.' },
      });
      expect(review.statusCode).toBe(201);

      const response = await browser.request({ method: 'POST', url: '/account/data-export', payload: { password: PASSWORD } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="jacaranda-account-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(response.headers['cache-control']).toBe('no-store');
      const data = response.json<Record<string, unknown[]> & { profile: { email: string }; newsletter: Record<string, unknown> }>();
      expect(data.profile.email).toBe(email);
      expect(data.addresses).toEqual([expect.objectContaining({ street: '4 Jacaranda Ave' })]);
      expect(data.orders).toEqual([expect.objectContaining({ contact: expect.objectContaining({ email }), lines: [expect.objectContaining({ qty: 1 })] })]);
      // Written after ordering the product, but the EFT payment has not come in: not yet a verified buyer's review.
      expect(data.reviews).toEqual([expect.objectContaining({ product_id: product.id, rating: 4, body: 'Fits well and washes well.', verified_buyer: false })]);
      expect(data.wishlist).toEqual([expect.objectContaining({ product_id: product.id })]);
      expect(data.cart).toEqual([expect.objectContaining({ product_id: product.id, qty: 2 })]);
      expect(data.newsletter).toEqual({ status: 'none', subscribed: false, consented_at: null, source: null, requested_at: null });
      expect(response.body).not.toContain('Someone Else');
      expect(response.body).not.toContain('scrypt');
    });

    it("shows the newsletter consent of the account's email: asked for and when, then given and when, and where", async () => {
      const { browser, email } = await signedUp();
      const exported = async () => {
        const response = await browser.request({ method: 'POST', url: '/account/data-export', payload: { password: PASSWORD } });
        expect(response.statusCode).toBe(200);
        return response.json<{ newsletter: Record<string, unknown> }>().newsletter;
      };
      // Asked for with an order (the checkout's box), in another case: the account's email all the same.
      await addLine(browser, product, 1);
      const contact = { first_name: 'Lerato', last_name: 'M', email: email.toUpperCase(), phone: '+27821234567' };
      expect((await postOrder(browser, deliveryOrder({ contact, marketingConsent: true }))).statusCode).toBe(201);
      const pending = await exported();
      expect(pending).toEqual({ status: 'pending', subscribed: false, consented_at: null, source: 'checkout', requested_at: expect.any(String) });

      const mail = await ctx.database.query<{ text_body: string }>(
        `SELECT text_body FROM mail_outbox WHERE lower(recipient) = $1 AND subject LIKE 'Please confirm%'`,
        [email],
      );
      const token = /newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.rows[0]?.text_body ?? '')?.[1];
      expect((await browser.request({ method: 'POST', url: '/newsletter/confirm', payload: { token } })).statusCode).toBe(200);
      const given = await exported();
      expect(given).toEqual({ status: 'subscribed', subscribed: true, consented_at: expect.any(String), source: 'checkout', requested_at: pending.requested_at });
      expect(Date.parse(given.consented_at as string)).toBeGreaterThanOrEqual(Date.parse(pending.requested_at as string));
    });

    it('needs the password and a signed-in shopper', async () => {
      const { browser } = await signedUp();
      const wrong = await browser.request({ method: 'POST', url: '/account/data-export', payload: { password: 'not my password' } });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ error: 'wrong_password' });
      const none = await browser.request({ method: 'POST', url: '/account/data-export', payload: {} });
      expect(none.statusCode).toBe(400);
      expect(none.json<{ message: string }>().message).toMatch(/password/);
      const anonymous = await shopperSession(ctx.app).request({ method: 'POST', url: '/account/data-export', payload: { password: PASSWORD } });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('deleting the account', () => {
    it('removes the account and its personal data, keeps its orders without them, and signs out everywhere', async () => {
      const { browser, email } = await signedUp();
      const phone = (await signIn(email)).browser;
      const userId = (await browser.request({ url: '/auth/me' })).json<{ user: { id: string } }>().user.id;
      await browser.request({
        method: 'POST',
        url: '/account/addresses',
        payload: { recipient: 'Lerato M', street: '4 Jacaranda Ave', city: 'Pretoria', province: 'Gauteng', postal_code: '0181' },
      });
      await addLine(browser, product, 1);
      const placed = await postOrder(browser, deliveryOrder({ contact: { first_name: 'Lerato', last_name: 'M', email, phone: '+27821234567' } }));
      expect(placed.statusCode).toBe(201);
      const orderId = placed.json<{ id: string }>().id;
      await addLine(browser, product, 1);
      await browser.request({ method: 'POST', url: '/wishlist', payload: { id: product.id } });
      await browser.request({ method: 'POST', url: `/products/${product.id}/reviews`, payload: { rating: 5, title: 'Love it', body: 'Lovely.' } });
      await browser.request({ method: 'POST', url: '/newsletter', payload: { email } });
      const shopperId = (await ctx.database.query<{ shopper_id: string }>('SELECT shopper_id FROM users WHERE id = $1', [userId])).rows[0]?.shopper_id;

      const wrong = await browser.request({ method: 'POST', url: '/account/delete', payload: { password: 'not my password' } });
      expect(wrong.statusCode).toBe(403);
      expect(await isSignedIn(browser)).toBe(true);

      const deleted = await browser.request({ method: 'POST', url: '/account/delete', payload: { password: PASSWORD } });
      expect(deleted.statusCode).toBe(204);
      expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(await isSignedIn(browser)).toBe(false);
      expect(await isSignedIn(phone)).toBe(false);
      expect((await signIn(email)).status).toBe(401);
      expect((await browser.request({ url: '/cart' })).json()).toEqual([]);

      const count = async (sql: string, params: unknown[]) => (await ctx.database.query<{ n: number }>(sql, params)).rows[0]?.n;
      expect(await count('SELECT count(*)::int AS n FROM users WHERE id = $1', [userId])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM addresses WHERE user_id = $1', [userId])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM cart_lines WHERE shopper_id = $1', [shopperId])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM wishlist_items WHERE shopper_id = $1', [shopperId])).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM newsletter_subscribers WHERE email_key = $1', [email])).toBe(0);
      const order = await ctx.database.query<Record<string, unknown>>(
        `SELECT number, first_name, last_name, email, phone, street, suburb, city, province, postal_code, client_address,
           personal_data_removed_at, total_cents, (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS lines
         FROM orders o WHERE id = $1`,
        [orderId],
      );
      expect(order.rows[0]).toMatchObject({
        first_name: null,
        last_name: null,
        email: null,
        phone: null,
        street: null,
        suburb: null,
        city: null,
        province: null,
        postal_code: null,
        client_address: null,
        personal_data_removed_at: expect.anything(),
        lines: 1,
      });
      const reviews = await ctx.database.query<{ author_name: string; user_id: string | null }>(
        'SELECT author_name, user_id FROM reviews WHERE product_id = $1 AND body = $2',
        [product.id, 'Lovely.'],
      );
      expect(reviews.rows).toEqual([{ author_name: DELETED_AUTHOR, user_id: null }]);
      expect(await mailTo(email)).toContain('Your Jacaranda account has been deleted');
      // The email is free again.
      expect((await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: registration(email) })).statusCode).toBe(201);
    });

    it('needs the password: a wrong one deletes nothing', async () => {
      const { browser, email } = await signedUp();
      const response = await browser.request({ method: 'POST', url: '/account/delete', payload: { password: 'not my password' } });
      expect(response.statusCode).toBe(403);
      expect((await signIn(email)).status).toBe(200);
      const anonymous = await shopperSession(ctx.app).request({ method: 'POST', url: '/account/delete', payload: { password: PASSWORD } });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
