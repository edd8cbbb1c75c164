/**
 * The shop's mail through a real SMTP server (smtp-server, in this process), with the app built
 * as server.ts builds it from SMTP_URL: what arrives, from whom, in text and HTML; that it goes
 * only once its change has committed; and that a server refusing it costs the shopper nothing.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { formatRand, vatIncluded } from '@storefront/shared/domain';
import type { Order, Product } from '@storefront/shared/types';
import { addLine, collectOrder, deliveryOrder, postOrder } from '../testing/orderFixtures';
import { registration } from '../testing/accounts';
import { fetchCatalogue, pickProduct } from '../testing/catalogue';
import { shopperSession } from '../testing/shopperSession';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../testing/smtpSink';
import {
  DATABASE_TIMEOUT_MS,
  ROOMY_UNPAID_ORDER_LIMITS,
  startTestApp,
  TEST_EFT_ACCOUNT,
  testDatabases,
  type TestApp,
} from '../testing/testDatabases';
import { SAMPLE_SHOP, type ShopDetails } from '../shop/shopDetails';
import type { Mail } from './mailer';

jest.setTimeout(60_000);

interface LogLine {
  level: number;
  msg: string;
  to?: string;
  subject?: string;
  responseCode?: number;
}

const FROM = { name: 'Jacaranda', address: 'orders@jacaranda.example' };

let counter = 0;
function newEmail(who = 'thandi'): string {
  counter += 1;
  return `${who}.${process.pid}.${counter}@example.co.za`;
}

/** A shop configured with details of its own (SHOP_*): its mail gives them, never the development sample's. */
const CONFIGURED_SHOP: ShopDetails = { ...SAMPLE_SHOP, address: ['Unit 4, Loftus Park', 'Arcadia', 'Pretoria', '0083'], phone: '+27 12 000 1111', sample: false };

function only(mails: ReceivedMail[], subject: string | RegExp): ReceivedMail {
  const matching = mails.filter((mail) => (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));
  expect(matching).toHaveLength(1);
  return matching[0] as ReceivedMail;
}

describe.each(testDatabases())('mail through a real SMTP server ($name)', (target) => {
  const refusedRecipient = `nobody.${process.pid}@example.co.za`;
  const logLines: LogLine[] = [];
  let sink: SmtpSink;
  let ctx: TestApp;
  let simple: Product;
  let variant: Product;

  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: [refusedRecipient] });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    ctx = await startTestApp(target, {
      devOutbox: false,
      smtpUrl: sink.url,
      mailFrom: FROM,
      shop: CONFIGURED_SHOP,
      unpaidOrderLimits: ROOMY_UNPAID_ORDER_LIMITS,
      logger: { level: 'info', stream },
    });
    const catalogue = await fetchCatalogue(ctx.app);
    simple = pickProduct(catalogue, (p) => !p.has_variants && p.stock > 0, 'simple product');
    variant = pickProduct(catalogue, (p) => p.has_variants && p.colours.length > 0 && p.sizes.length > 0, 'variant product');
  }, DATABASE_TIMEOUT_MS);

  afterAll(async () => {
    // The app first: closing it waits for its deliveries and says goodbye to the server.
    await ctx?.close();
    await sink?.close();
  }, DATABASE_TIMEOUT_MS);

  beforeEach(async () => {
    for (const product of [simple, variant]) await ctx.database.query('UPDATE products SET stock = 50 WHERE id = $1', [product.id]);
  });

  /** The outbox's rows for `email`, as another connection sees them. */
  async function outboxOf(email: string): Promise<{ status: string; attempts: number; message_id: string }[]> {
    const rows = await ctx.database.query<{ status: string; attempts: number; message_id: string }>(
      'SELECT status, attempts, message_id FROM mail_outbox WHERE recipient = $1 ORDER BY id',
      [email],
    );
    return rows.rows;
  }

  async function register(email: string, overrides: Record<string, unknown> = {}) {
    const browser = shopperSession(ctx.app);
    const response = await browser.request({ method: 'POST', url: '/auth/register', payload: registration(email, overrides) });
    expect(response.statusCode).toBe(201);
    return browser;
  }

  test('a new account gets a welcome, from the shop, in text and HTML, with its name escaped in the HTML', async () => {
    const email = newEmail();
    await register(email, { first_name: 'Zoë <b>"Jo"</b> & co' });
    await ctx.app.mailer.idle();

    const welcome = only(sink.mailTo(email), 'Welcome to Jacaranda');
    expect(welcome.from).toEqual(FROM);
    expect(welcome.to).toBe(email);
    expect(welcome.headers.get('auto-submitted')).toBe('auto-generated');
    expect(welcome.text).toContain('Hi Zoë <b>"Jo"</b> & co,');
    expect(welcome.text).toContain('Welcome to Jacaranda! Your account is ready.');
    expect(welcome.text).toContain('http://localhost:8080/shop');
    expect(welcome.html).toContain('Hi Zoë &lt;b&gt;&quot;Jo&quot;&lt;/b&gt; &amp; co,');
    expect(welcome.html).not.toContain('<b>"Jo"');
    expect(welcome.html).toContain('href="http://localhost:8080/shop"');
    // Nothing for the mail program to fetch when it is opened.
    expect(welcome.html).not.toMatch(/<img|src=|url\(/i);
  });

  test('an email with a comma in it is one recipient, never a list that reaches someone else', async () => {
    const bystander = newEmail('sipho');
    const [local, domain] = bystander.split('@');
    await register(`pat,${bystander}`);
    await ctx.app.mailer.idle();

    expect(sink.mailTo(bystander)).toEqual([]);
    expect(sink.received.filter((mail) => mail.recipients.includes(`"pat,${local}"@${domain}`))).toHaveLength(1);
  });

  test('the reset mail carries a link that sets a new password, and the log never holds it', async () => {
    const email = newEmail();
    await register(email);
    const asked = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    expect(asked.statusCode).toBe(202);
    await ctx.app.mailer.idle();

    const reset = only(sink.mailTo(email), 'Reset your Jacaranda password');
    expect(reset.text).toContain('Hi Thandi,');
    expect(reset.text).toContain('within the hour');
    const link = /http:\/\/localhost:8080\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(reset.text);
    const token = link?.[1] ?? '';
    expect(token).toHaveLength(43);
    expect(reset.html).toContain(`href="${link?.[0] ?? ''}"`);

    const browser = shopperSession(ctx.app);
    const changed = await browser.request({ method: 'POST', url: '/auth/reset-password', payload: { token, password: 'a brand new secret' } });
    expect(changed.statusCode).toBe(200);
    const signedIn = await browser.request({ method: 'POST', url: '/auth/login', payload: { email, password: 'a brand new secret' } });
    expect(signedIn.statusCode).toBe(200);
    expect(JSON.stringify(logLines)).not.toContain(token);
    expect(JSON.stringify(logLines)).not.toContain(email);
  });

  test("the sign-in code of an account being guessed reaches its owner in text and HTML, never in its subject or the log, and signs in once", async () => {
    const email = newEmail('lerato');
    await register(email);
    const signIn = (payload: object) =>
      shopperSession(ctx.app).request({ method: 'POST', url: '/auth/login', payload: { email, ...payload }, headers: { 'x-forwarded-for': '203.0.113.30' } });
    for (let n = 0; n < 5; n += 1) expect((await signIn({ password: `guess ${n}` })).statusCode).toBe(401);
    expect((await signIn({ password: 'correct horse battery' })).json()).toMatchObject({ error: 'code_required' });
    await ctx.app.mailer.idle();

    const mail = only(sink.mailTo(email), 'Your Jacaranda sign-in code');
    const code = /Your code: (\d{6})/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('Someone (we hope you) has just typed the right password to sign in to your Jacaranda account.');
    expect(mail.text).toContain('within 15 minutes');
    expect(mail.text).toContain('http://localhost:8080/forgot-password');
    expect(mail.html).toMatch(new RegExp(`<strong[^>]*>${code}</strong>`));
    expect(mail.html).toContain('href="http://localhost:8080/forgot-password"');
    expect(mail.subject).not.toContain(code);
    expect(JSON.stringify(logLines)).not.toContain(code);

    expect((await signIn({ password: 'correct horse battery', code })).statusCode).toBe(200);
    expect((await signIn({ password: 'correct horse battery', code })).json()).toMatchObject({ error: 'code_refused' });
  });

  test('an EFT order is confirmed with its lines, totals and VAT, the address, and the bank details with the order number as reference', async () => {
    const email = newEmail();
    const colour = variant.colours[0]?.name ?? '';
    const size = variant.sizes[0]?.name ?? '';
    // A product name with markup in it: the shop's data, escaped in the HTML like the shopper's.
    const markedUp = `${simple.name} <i>"Pro"</i> & more`;
    await ctx.database.query('UPDATE products SET name = $2 WHERE id = $1', [simple.id, markedUp]);
    try {
      const shopper = shopperSession(ctx.app);
      await addLine(shopper, simple, 2);
      await addLine(shopper, variant, 1, colour, size);
      const placed = await postOrder(shopper, deliveryOrder({ contact: { ...deliveryOrder().contact, email } }));
      expect(placed.statusCode).toBe(201);
      const order = placed.json<Order>();
      await ctx.app.mailer.idle();

      const mail = only(sink.mailTo(email), `Your Jacaranda order ${order.number}`);
      const [simpleLine, variantLine] = order.lines;
      if (!simpleLine || !variantLine) throw new Error('the order has not its two lines');
      expect(order.vat).toBe(vatIncluded(order.total));
      expect(mail.text).toContain(`We've got your order ${order.number}`);
      expect(mail.text).toContain(`2 × ${markedUp}, ${formatRand(simpleLine.price)} each: ${formatRand(simpleLine.line_total)}`);
      expect(mail.text).toContain(`1 × ${variant.name} (${colour}, size ${size}): ${formatRand(variantLine.line_total)}`);
      expect(mail.text).toContain(
        [
          `Subtotal: ${formatRand(order.subtotal)}`,
          'Delivery: R99.99',
          `Total: ${formatRand(order.total)}`,
          `incl. VAT (15%): ${formatRand(vatIncluded(order.total))}`,
        ].join('\n'),
      );
      expect(mail.text).toContain(`Please pay ${formatRand(order.total)} by EFT`);
      expect(mail.text).toContain(
        [
          `Bank: ${TEST_EFT_ACCOUNT.bank}`,
          `Account holder: ${TEST_EFT_ACCOUNT.account_holder}`,
          `Account number: ${TEST_EFT_ACCOUNT.account_number}`,
          `Account type: ${TEST_EFT_ACCOUNT.account_type ?? ''}`,
          `Branch code: ${TEST_EFT_ACCOUNT.branch_code}`,
          `Reference: ${order.number}`,
        ].join('\n'),
      );
      expect(mail.text).toContain("We'll deliver to:\nThandi Nkosi\n12 Long Street\nGardens\nCape Town, Western Cape\n8001");

      expect(mail.html).toContain(`${simple.name} &lt;i&gt;&quot;Pro&quot;&lt;/i&gt; &amp; more`);
      expect(mail.html).not.toContain('<i>"Pro"</i>');
      for (const shown of [
        order.number,
        formatRand(order.subtotal),
        'R99.99',
        formatRand(order.total),
        'incl. VAT (15%)',
        formatRand(order.vat),
        TEST_EFT_ACCOUNT.bank,
        TEST_EFT_ACCOUNT.account_number,
        TEST_EFT_ACCOUNT.branch_code,
        '12 Long Street',
        `${colour}, size ${size}`,
      ]) {
        expect(mail.html).toContain(shown);
      }
      expect(mail.html).toMatch(new RegExp(`Reference</td><td[^>]*>${order.number}</td>`));
    } finally {
      await ctx.database.query('UPDATE products SET name = $2 WHERE id = $1', [simple.id, simple.name]);
    }
  });

  test('a cash order collected in store says so: free collection, pay at the store, no bank details', async () => {
    const email = newEmail();
    const shopper = shopperSession(ctx.app);
    await addLine(shopper, simple, 1);
    const placed = await postOrder(shopper, { ...collectOrder(), contact: { ...collectOrder().contact, email } });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<Order>();
    await ctx.app.mailer.idle();

    const mail = only(sink.mailTo(email), `Your Jacaranda order ${order.number}`);
    expect(mail.text).toContain(
      [`Subtotal: ${formatRand(order.subtotal)}`, 'Collect in store: Free', `Total: ${formatRand(order.total)}`, `incl. VAT (15%): ${formatRand(vatIncluded(order.total))}`].join(
        '\n',
      ),
    );
    expect(mail.text).toContain(`Please pay ${formatRand(order.total)} in cash at the store when you collect your order.`);
    expect(mail.text).toContain('COLLECTING IN STORE');
    // Where to collect, and the sign-off, as the shop's configuration gives them.
    expect(mail.text).toContain('collect from our store at Unit 4, Loftus Park, Arcadia, Pretoria, 0083 (open Mon-Sun 9:00 AM - 8:00 PM)');
    expect(mail.text).toContain('Jacaranda · Unit 4, Loftus Park, Arcadia, Pretoria, 0083 · +27 12 000 1111');
    expect(mail.html).toContain('Jacaranda · Unit 4, Loftus Park, Arcadia, Pretoria, 0083 · +27 12 000 1111');
    for (const body of [mail.text, mail.html]) expect(body).not.toMatch(/12 Jacaranda Street|345 6789/);
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain(TEST_EFT_ACCOUNT.account_number);
      expect(body).not.toContain('EFT');
      expect(body).not.toContain('deliver to');
    }
    expect(mail.html).toContain('Collecting in store');
    expect(mail.html).toContain('Free');
  });

  test('an order refused for want of stock mails nothing, and a replayed order no second time', async () => {
    const email = newEmail();
    const contact = { ...deliveryOrder().contact, email };
    const shopper = shopperSession(ctx.app);
    await addLine(shopper, simple, 5);
    await ctx.database.query('UPDATE products SET stock = 2 WHERE id = $1', [simple.id]);
    const refused = await postOrder(shopper, deliveryOrder({ contact }));
    expect(refused.statusCode).toBe(409);
    await ctx.app.mailer.idle();
    expect(sink.mailTo(email)).toEqual([]);

    await ctx.database.query('UPDATE products SET stock = 50 WHERE id = $1', [simple.id]);
    const key = randomUUID();
    expect((await postOrder(shopper, deliveryOrder({ contact }), key)).statusCode).toBe(201);
    expect((await postOrder(shopper, deliveryOrder({ contact }), key)).headers['idempotent-replayed']).toBe('true');
    await ctx.app.mailer.idle();
    expect(sink.mailTo(email).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your Jacaranda order JAC-/)]);
  });

  test('mail sent in a transaction goes once it commits, and never if it rolls back', async () => {
    const email = newEmail('tx');
    const mail = (subject: string): Mail => ({ to: email, subject, text: subject, html: `<p>${subject}</p>` });

    await expect(
      ctx.database.transaction(async (tx) => {
        await ctx.app.mailer.send(tx, mail('rolled back'));
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    await ctx.database.transaction(async (tx) => {
      await ctx.app.mailer.send(tx, mail('committed'));
    });
    await ctx.app.mailer.idle();
    expect(sink.mailTo(email).map((received) => received.subject)).toEqual(['committed']);
    // Only the committed mail was ever written, and it carries the Message-ID it was written with.
    const written = await outboxOf(email);
    expect(written).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
    expect(sink.mailTo(email)[0]?.headers.get('message-id')).toBe(written[0]?.message_id);
  });

  test("a mail's own headers go with it, as they were written; one the mailer sets, or one of two lines, is refused before anything is written", async () => {
    const email = newEmail('headers');
    const unsubscribe = '<http://localhost:8080/api/newsletter/unsubscribe?token=abc_DEF-123>';
    const mail: Mail = {
      to: email,
      subject: 'with headers',
      text: 'with headers',
      html: '<p>with headers</p>',
      headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
    await ctx.database.transaction((tx) => ctx.app.mailer.send(tx, mail));
    await ctx.app.mailer.idle();
    const received = only(sink.mailTo(email), 'with headers');
    const line = (key: string) => received.headerLines.find((header) => header.key === key)?.line.replace(/\r?\n[ \t]+/g, ' ');
    expect(line('list-unsubscribe')).toBe(`List-Unsubscribe: ${unsubscribe}`);
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(received.headers.get('auto-submitted')).toBe('auto-generated');
    const stored = await ctx.database.query<{ headers: unknown }>('SELECT headers FROM mail_outbox WHERE recipient = $1', [email]);
    expect(stored.rows).toEqual([{ headers: mail.headers }]);

    const refused: Record<string, string>[] = [{ Bcc: 'everyone@example.com' }, { 'List-Unsubscribe': '<https://x>\r\nBcc: everyone@example.com' }, { 'X Bad': 'name' }];
    for (const headers of refused) {
      await expect(ctx.app.mailer.send(ctx.database, { ...mail, subject: 'refused', headers })).rejects.toThrow(/header/);
    }
    expect(await outboxOf(email)).toHaveLength(1);
  });

  test('the newsletter: a confirmation link first, then a welcome that arrives with the one-click unsubscribe headers and link', async () => {
    const email = newEmail('reader');
    const asked = await shopperSession(ctx.app).request({ method: 'POST', url: '/newsletter', payload: { email } });
    expect(asked.statusCode).toBe(202);
    await ctx.app.mailer.idle();
    const ask = only(sink.mailTo(email), 'Please confirm your Jacaranda newsletter subscription');
    expect(ask.headerLines.map((header) => header.key)).not.toContain('list-unsubscribe');
    const token = /http:\/\/localhost:8080\/newsletter\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(ask.text)?.[1];
    expect(ask.html).toContain(`href="http://localhost:8080/newsletter/confirm?token=${token}"`);

    expect((await ctx.app.inject({ method: 'POST', url: '/newsletter/confirm', payload: { token } })).statusCode).toBe(200);
    await ctx.app.mailer.idle();
    const welcome = only(sink.mailTo(email), 'Welcome to the Jacaranda newsletter');
    const unsubscribe = (await ctx.database.query<{ unsubscribe_token: string }>('SELECT unsubscribe_token FROM newsletter_subscribers WHERE email_key = $1', [email])).rows[0]
      ?.unsubscribe_token;
    const line = (key: string) => welcome.headerLines.find((header) => header.key === key)?.line.replace(/\r?\n[ \t]+/g, ' ');
    expect(line('list-unsubscribe')).toBe(`List-Unsubscribe: <http://localhost:8080/api/newsletter/unsubscribe?token=${unsubscribe}>`);
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(welcome.text).toContain(`http://localhost:8080/newsletter/unsubscribe?token=${unsubscribe}`);
    expect(welcome.html).toContain(`href="http://localhost:8080/newsletter/unsubscribe?token=${unsubscribe}"`);
  });

  test('a mail the server refuses is logged with the recipient masked, and the shopper is served all the same', async () => {
    const browser = await register(refusedRecipient);
    expect((await browser.request({ url: '/auth/me' })).statusCode).toBe(200);
    await ctx.app.mailer.idle();

    expect(sink.mailTo(refusedRecipient)).toEqual([]);
    const failures = logLines.filter((line) => line.msg.startsWith('mail not sent'));
    expect(failures).toEqual([
      expect.objectContaining({ level: 50, to: 'n***@example.co.za', subject: 'Welcome to Jacaranda', responseCode: 550 }),
    ]);
    expect(JSON.stringify(logLines)).not.toContain(refusedRecipient);
  });
});
