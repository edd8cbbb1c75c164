/**
 * The newsletter with double opt-in: asking mails a link and subscribes no one; the link
 * subscribes, once, for 7 days; every marketing mail can be unsubscribed from in one step, by
 * the storefront's page or a mail program's button; the checkout's box asks the same way.
 */
import { randomBytes } from 'node:crypto';
import type { Product } from '@storefront/shared/types';
import { hashToken } from '../../identity/tokens';
import { deleteUnconfirmedSubscriptions, NEWSLETTER_CONFIRM_DAYS } from './subscriptions';
import { DEFAULT_LIMITS } from '../../limits';
import { CROSS_SITE_MESSAGE } from '../../plugins/crossSite';
import { SAMPLE_SHOP } from '../../shop/shopDetails';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { shopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, ROOMY_UNPAID_ORDER_LIMITS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { addLine, deliveryOrder, postOrder } from '../../testing/orderFixtures';
import { ALREADY_SUBSCRIBED, SUBSCRIBED, SUBSCRIPTION_REQUESTED, UNSUBSCRIBED } from './newsletterRoutes';

const STORE = 'http://localhost:8080';
const NEWSLETTER_LIMIT = DEFAULT_LIMITS.newsletter.max;
const PER_INBOX = DEFAULT_LIMITS.newsletterPerEmail.max;

let counter = 0;
function newEmail(who = 'reader'): string {
  counter += 1;
  return `${who}.${process.pid}.${counter}@example.co.za`;
}

interface OutboxMail {
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
}

interface SubscriberRow {
  email: string;
  status: string;
  source: string;
  confirm_token_hash: string | null;
  unsubscribe_token: string;
  requested_at: Date | string;
  confirmed_at: Date | string | null;
}

describe.each(testDatabases())('the newsletter ($name)', (target) => {
  let ctx: TestApp;
  let product: Product;

  beforeAll(async () => {
    ctx = await startTestApp(target, { unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS });
    product = pickProduct(await fetchCatalogue(ctx.app), (p) => !p.has_variants && p.stock >= 10, 'simple product with stock');
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  /** The footer's form, from `address`: by default one of its own, so the limit per address stays out of the way. */
  let addresses = 0;
  function signUp(email: string, address = `10.2.0.${(addresses += 1)}`) {
    return shopperSession(ctx.app).request({ method: 'POST', url: '/newsletter', payload: { email }, headers: { 'x-forwarded-for': address } });
  }

  function confirm(token: unknown) {
    return ctx.app.inject({ method: 'POST', url: '/newsletter/confirm', payload: { token } });
  }

  /** The mail written to `email` (any case), oldest first. */
  async function mailTo(email: string): Promise<OutboxMail[]> {
    const rows = await ctx.database.query<OutboxMail>(
      'SELECT subject, text_body, html_body, headers FROM mail_outbox WHERE lower(recipient) = lower($1) ORDER BY id',
      [email],
    );
    return rows.rows;
  }

  async function subscriber(email: string): Promise<SubscriberRow | undefined> {
    const rows = await ctx.database.query<SubscriberRow>(
      `SELECT email, status, source, confirm_token_hash, unsubscribe_token, requested_at, confirmed_at
       FROM newsletter_subscribers WHERE email_key = lower($1)`,
      [email],
    );
    return rows.rows[0];
  }

  /** The token of the newest confirmation link mailed to `email`. */
  async function confirmToken(email: string): Promise<string> {
    const asks = (await mailTo(email)).filter((mail) => mail.subject === 'Please confirm your Jacaranda newsletter subscription');
    const link = /http:\/\/localhost:8080\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})\n/.exec(asks[asks.length - 1]?.text_body ?? '');
    if (!link?.[1]) throw new Error(`no confirmation link mailed to ${email}`);
    return link[1];
  }

  async function subscribed(email: string): Promise<string> {
    expect((await signUp(email)).statusCode).toBe(202);
    expect((await confirm(await confirmToken(email))).json()).toEqual({ message: SUBSCRIBED });
    const row = await subscriber(email);
    if (!row) throw new Error('not subscribed');
    return row.unsubscribe_token;
  }

  test('asking subscribes nobody: the address waits, hashed link mailed with the request, until the link is followed', async () => {
    const email = newEmail('Zanele');
    const asked = await signUp(` ${email} `);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: SUBSCRIPTION_REQUESTED });
    expect(asked.headers['set-cookie']).toBeUndefined();

    const pending = await subscriber(email);
    expect(pending).toMatchObject({ email, status: 'pending', source: 'footer', confirmed_at: null });
    const [ask] = await mailTo(email);
    expect(ask?.text_body).toContain(`within ${NEWSLETTER_CONFIRM_DAYS} days`);
    expect(ask?.headers).toEqual({});
    const token = await confirmToken(email);
    expect(ask?.html_body).toContain(`href="${STORE}/newsletter/confirm?token=${token}"`);
    // Only its hash is kept: whoever reads the table cannot confirm for anyone.
    expect(pending?.confirm_token_hash).toBe(hashToken(token));
    expect(JSON.stringify(await ctx.database.query('SELECT * FROM newsletter_subscribers'))).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: SUBSCRIBED });
    expect(confirmed.headers['cache-control']).toBe('no-store');
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed', source: 'footer', confirmed_at: expect.anything() });
  });

  test('a link followed twice subscribes once and says so; asking again for a subscribed address tells nothing and mails nothing', async () => {
    const email = newEmail();
    expect((await signUp(email)).statusCode).toBe(202);
    const token = await confirmToken(email);
    expect((await confirm(token)).json()).toEqual({ message: SUBSCRIBED });
    const first = await subscriber(email);
    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: ALREADY_SUBSCRIBED });
    expect(await subscriber(email)).toEqual(first);
    expect((await mailTo(email)).map((mail) => mail.subject)).toEqual(['Please confirm your Jacaranda newsletter subscription', 'Welcome to the Jacaranda newsletter']);

    const repeated = await signUp(email.toUpperCase());
    expect(repeated.statusCode).toBe(202);
    expect(repeated.json()).toEqual({ message: SUBSCRIPTION_REQUESTED });
    expect(await mailTo(email)).toHaveLength(2);
    expect(await subscriber(email)).toEqual(first);
  });

  test('asking again while the address waits mails a new link, which replaces the last one', async () => {
    const email = newEmail();
    await signUp(email);
    const first = await confirmToken(email);
    await signUp(email);
    const second = await confirmToken(email);
    expect(second).not.toBe(first);
    const stale = await confirm(first);
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toMatchObject({ error: 'unknown_token', message: expect.stringContaining('body/token') });
    expect((await confirm(second)).json()).toEqual({ message: SUBSCRIBED });
  });

  test(`a link older than ${NEWSLETTER_CONFIRM_DAYS} days answers 410, and the sweep forgets the address it asked for`, async () => {
    const expired = newEmail('late');
    const waiting = newEmail('waiting');
    const member = newEmail('member');
    await signUp(expired);
    await signUp(waiting);
    await subscribed(member);
    const back = (email: string, days: number) =>
      ctx.database.query(`UPDATE newsletter_subscribers SET requested_at = now() - make_interval(days => $2, secs => 1) WHERE email_key = $1`, [email, days]);
    await back(expired, NEWSLETTER_CONFIRM_DAYS);
    await back(waiting, NEWSLETTER_CONFIRM_DAYS - 1);
    await back(member, NEWSLETTER_CONFIRM_DAYS * 10);

    const token = await confirmToken(expired);
    const late = await confirm(token);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ error: 'link_expired', message: expect.stringMatching(/expired: links work for 7 days\. Sign up again/) });
    expect(await subscriber(expired)).toMatchObject({ status: 'pending' });

    expect(await deleteUnconfirmedSubscriptions(ctx.database)).toBe(1);
    expect(await subscriber(expired)).toBeUndefined();
    expect(await subscriber(waiting)).toMatchObject({ status: 'pending' });
    expect(await subscriber(member)).toMatchObject({ status: 'confirmed' });
    expect((await confirm(token)).statusCode).toBe(404);
    // The api's own sweep runs it too.
    await back(waiting, NEWSLETTER_CONFIRM_DAYS);
    await ctx.app.expirySweeper.sweep();
    expect(await subscriber(waiting)).toBeUndefined();
  });

  test('a token that is not one is a 400 naming the field; one we never sent is a 404', async () => {
    for (const token of ['abc', 'x'.repeat(44), `${'a'.repeat(42)}!`]) {
      const response = await confirm(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_token', message: expect.stringMatching(/^body\/token must be the token from the link we mailed you/) });
    }
    const missing = await ctx.app.inject({ method: 'POST', url: '/newsletter/confirm', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/token/);
    const unknown = await confirm(randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'unknown_token' });
  });

  test('the welcome is a marketing mail: it names the sender, links to unsubscribe, and carries the one-click headers', async () => {
    const email = newEmail('welcome');
    const unsubscribeToken = await subscribed(email);
    const welcome = (await mailTo(email)).find((mail) => mail.subject === 'Welcome to the Jacaranda newsletter');
    expect(welcome?.headers).toEqual({
      'List-Unsubscribe': `<${STORE}/api/newsletter/unsubscribe?token=${unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const page = `${STORE}/newsletter/unsubscribe?token=${unsubscribeToken}`;
    expect(welcome?.text_body).toContain(page);
    expect(welcome?.html_body).toContain(`href="${page}"`);
    expect(welcome?.text_body).toContain(`Sent by ${SAMPLE_SHOP.legalName}, ${SAMPLE_SHOP.address.join(', ')}, ${SAMPLE_SHOP.email}.`);
  });

  test("unsubscribes in one click: the mail program's form POST, with no cookie, from another site, any number of times", async () => {
    const email = newEmail('oneclick');
    const token = await subscribed(email);
    const oneClick = (headers: Record<string, string> = {}, payload = 'List-Unsubscribe=One-Click') =>
      ctx.app.inject({
        method: 'POST',
        url: `/newsletter/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload,
      });

    const done = await oneClick({ origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: UNSUBSCRIBED });
    expect(done.headers['set-cookie']).toBeUndefined();
    expect(await subscriber(email)).toBeUndefined();
    // Again (a second press, a provider retrying): the same answer.
    expect((await oneClick()).json()).toEqual({ message: UNSUBSCRIBED });

    // A form without the one-click word is not one; the token must be one of ours.
    expect((await oneClick({}, 'List-Unsubscribe=Other')).statusCode).toBe(400);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/newsletter/unsubscribe?token=nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_token', message: expect.stringMatching(/^querystring\/token /) });
  });

  test('unsubscribes by the one-click form as RFC 8058 prefers it, multipart/form-data', async () => {
    const email = newEmail('multipart');
    const token = await subscribed(email);
    const boundary = '---FormBoundaryjWmhtjORrn';
    const multipart = (value: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/newsletter/unsubscribe?token=${token}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'sec-fetch-site': 'cross-site' },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\n${value}\r\n--${boundary}--\r\n`,
      });
    expect((await multipart('Other')).statusCode).toBe(400);
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed' });
    const done = await multipart('One-Click');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: UNSUBSCRIBED });
    expect(await subscriber(email)).toBeUndefined();
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${token}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(broken.statusCode).toBe(400);
  });

  test("unsubscribes from the storefront's page with JSON, once or twice; JSON from another site is refused like any write", async () => {
    const email = newEmail('page');
    const token = await subscribed(email);
    const fromPage = (payload: object, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'POST', url: '/newsletter/unsubscribe', payload, headers });

    const elsewhere = await fromPage({ token }, { origin: 'https://evil.example' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ error: 'cross_site', message: CROSS_SITE_MESSAGE });
    expect(await subscriber(email)).toMatchObject({ status: 'confirmed' });

    const done = await fromPage({ token }, { origin: STORE, 'sec-fetch-site': 'same-origin' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: UNSUBSCRIBED });
    expect(await subscriber(email)).toBeUndefined();
    expect((await fromPage({ token })).statusCode).toBe(200);

    const bad = await fromPage({ token: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_token', message: expect.stringMatching(/^body\/token /) });
    expect((await fromPage({})).json()).toMatchObject({ error: 'invalid_token', message: expect.stringMatching(/^body\/token is required/) });
  });

  test('only the one-click unsubscribe takes a form, or a write from another site', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const crossSite = { ...form, origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' };
    const email = newEmail('form');
    for (const url of ['/newsletter', '/newsletter/confirm', '/cart', '/contact-messages']) {
      expect((await ctx.app.inject({ method: 'POST', url, headers: crossSite, payload: `email=${email}` })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url, headers: form, payload: `email=${email}` })).statusCode).toBe(415);
    }
    expect(await subscriber(email)).toBeUndefined();
  });

  test(`asks one inbox at most ${PER_INBOX} times an hour, whoever asks from wherever, always with the same answer`, async () => {
    const email = newEmail('bombed');
    for (let n = 1; n <= PER_INBOX + 2; n += 1) {
      const response = await signUp(email, `10.2.1.${n}`);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: SUBSCRIPTION_REQUESTED });
    }
    expect(await mailTo(email)).toHaveLength(PER_INBOX);
  });

  test(`a client may ask ${NEWSLETTER_LIMIT} times in ten minutes; the next is a 429 that stores nothing, other clients go on`, async () => {
    const count = async () => Number((await ctx.database.query<{ n: string | number }>('SELECT count(*) AS n FROM newsletter_subscribers')).rows[0]?.n);
    const before = await count();
    for (let n = 1; n <= NEWSLETTER_LIMIT; n += 1) expect((await signUp(newEmail(), '10.2.2.1')).statusCode).toBe(202);
    const refused = await signUp('one.too.many@example.co.za', '10.2.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'too_many_requests', message: expect.stringMatching(/try again in 10 minutes/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    expect(await count()).toBe(before + NEWSLETTER_LIMIT);
    expect((await signUp('one.too.many@example.co.za', '10.2.2.2')).statusCode).toBe(202);
  });

  test('a bad address is a 400 with a clear message and stores nothing', async () => {
    for (const [payload, text] of [
      [{ email: '' }, 'Enter your email address.'],
      [{ email: 'not an email' }, 'Enter a valid email address.'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'POST', url: '/newsletter', payload, headers: { 'x-forwarded-for': '10.2.3.1' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_email', message: text });
    }
    const extra = await ctx.app.inject({ method: 'POST', url: '/newsletter', payload: { email: 'a@b.co', admin: true }, headers: { 'x-forwarded-for': '10.2.3.1' } });
    expect(extra.statusCode).toBe(400);
    expect(await subscriber('a@b.co')).toBeUndefined();
  });

  describe("the checkout's box", () => {
    test("ticked, the order's email is asked to confirm, from the checkout, in the order's transaction", async () => {
      const email = newEmail('buyer');
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, product, 1);
      const contact = { ...deliveryOrder().contact, email };
      const placed = await postOrder(shopper, deliveryOrder({ contact, marketingConsent: true }));
      expect(placed.statusCode).toBe(201);
      expect(await subscriber(email)).toMatchObject({ status: 'pending', source: 'checkout' });
      const asks = (await mailTo(email)).map((mail) => mail.subject);
      expect(asks).toEqual([expect.stringMatching(/^Your Jacaranda order JAC-/), 'Please confirm your Jacaranda newsletter subscription']);
      expect((await mailTo(email))[1]?.text_body).toContain('with an order at Jacaranda');
      expect((await confirm(await confirmToken(email))).json()).toEqual({ message: SUBSCRIBED });
      expect(await subscriber(email)).toMatchObject({ status: 'confirmed', source: 'checkout' });
    });

    test('unticked or left out, nothing is asked; an order refused asks nothing either', async () => {
      const shopper = shopperSession(ctx.app);
      for (const marketingConsent of [false, undefined]) {
        const email = newEmail('quiet');
        await addLine(shopper, product, 1);
        const contact = { ...deliveryOrder().contact, email };
        expect((await postOrder(shopper, deliveryOrder({ contact, ...(marketingConsent === undefined ? {} : { marketingConsent }) }))).statusCode).toBe(201);
        expect(await subscriber(email)).toBeUndefined();
        expect(await mailTo(email)).toHaveLength(1);
      }
      const refusedEmail = newEmail('empty');
      const refused = await postOrder(shopper, deliveryOrder({ contact: { ...deliveryOrder().contact, email: refusedEmail }, marketingConsent: true }));
      expect(refused.json()).toMatchObject({ error: 'empty_cart' });
      expect(await subscriber(refusedEmail)).toBeUndefined();
      expect(await mailTo(refusedEmail)).toEqual([]);
    });

    test('is not a boolean: a 400 naming it', async () => {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, product, 1);
      const response = await postOrder(shopper, { ...deliveryOrder(), marketingConsent: 'yes' });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/marketingConsent/);
    });

    test('an order with the box unticked is the same request as one without it: a retry under its key replays it', async () => {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, product, 1);
      const key = `consent-${counter}`;
      const first = await postOrder(shopper, deliveryOrder(), key);
      expect(first.statusCode).toBe(201);
      const retried = await postOrder(shopper, deliveryOrder({ marketingConsent: false }), key);
      expect(retried.statusCode).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBe('true');
      expect((await postOrder(shopper, deliveryOrder({ marketingConsent: true }), key)).statusCode).toBe(422);
    });
  });
});
