import { shopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { DEFAULT_LIMITS } from '../../limits';
import { ALREADY_SUBSCRIBED, MESSAGE_RECEIVED, SUBSCRIBED } from './index';

const CONTACT_MESSAGE_LIMIT = DEFAULT_LIMITS.contact.max;
const NEWSLETTER_LIMIT = DEFAULT_LIMITS.newsletter.max;

const message = {
  name: 'Sipho Ndlovu',
  email: 'sipho@example.co.za',
  phone: '082 123 4567',
  subject: 'Delivery to Soweto',
  message: 'Do you deliver to Soweto on Saturdays?',
};

describe.each(testDatabases())('newsletter and contact messages ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function count(table: 'newsletter_subscribers' | 'contact_messages'): Promise<number> {
    const result = await ctx.database.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`);
    return Number(result.rows[0]?.n);
  }

  test('a subscription is stored once, whatever the case; the second is a friendly no-op', async () => {
    const shopper = shopperSession(ctx.app);
    const first = await shopper.request({ method: 'POST', url: '/newsletter', payload: { email: ' Zanele@Example.co.za ' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: SUBSCRIBED });
    const again = await shopper.request({ method: 'POST', url: '/newsletter', payload: { email: 'zanele@example.CO.ZA' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: ALREADY_SUBSCRIBED });
    const rows = await ctx.database.query<{ email: string; email_key: string }>(`SELECT email, email_key FROM newsletter_subscribers WHERE email_key = 'zanele@example.co.za'`);
    expect(rows.rows).toEqual([{ email: 'Zanele@Example.co.za', email_key: 'zanele@example.co.za' }]);
  });

  test('a bad address is a 400 with a clear message and stores nothing', async () => {
    const shopper = shopperSession(ctx.app);
    const before = await count('newsletter_subscribers');
    for (const [payload, text] of [
      [{ email: '' }, 'Enter your email address.'],
      [{ email: 'not an email' }, 'Enter a valid email address.'],
    ] as const) {
      const response = await shopper.request({ method: 'POST', url: '/newsletter', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_email', message: text });
    }
    const missing = await shopper.request({ method: 'POST', url: '/newsletter', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/email/);
    const extra = await shopper.request({ method: 'POST', url: '/newsletter', payload: { email: 'a@b.co', admin: true } });
    expect(extra.statusCode).toBe(400);
    expect(await count('newsletter_subscribers')).toBe(before);
  });

  test('a contact message is validated, stored with the normalised phone, and answered', async () => {
    const shopper = shopperSession(ctx.app);
    const sent = await shopper.request({ method: 'POST', url: '/contact-messages', payload: message, remoteAddress: '10.1.0.1' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ message: MESSAGE_RECEIVED });
    const stored = await ctx.database.query(`SELECT name, email, phone, subject, message FROM contact_messages WHERE address = '10.1.0.1'`);
    expect(stored.rows).toEqual([{ name: 'Sipho Ndlovu', email: 'sipho@example.co.za', phone: '+27821234567', subject: 'Delivery to Soweto', message: message.message }]);

    const withoutPhone = await shopper.request({ method: 'POST', url: '/contact-messages', payload: { ...message, phone: '+27' }, remoteAddress: '10.1.0.2' });
    expect(withoutPhone.statusCode).toBe(201);
    const phoneless = await ctx.database.query<{ phone: string | null }>(`SELECT phone FROM contact_messages WHERE address = '10.1.0.2'`);
    expect(phoneless.rows).toEqual([{ phone: null }]);
  });

  test.each([
    [{ name: '  ' }, 'Enter your name.'],
    [{ email: 'sipho-at-example' }, 'Enter a valid email address.'],
    [{ phone: '+27 82 12' }, 'Enter a South African mobile number: +27 and 9 digits, or leave it empty.'],
    [{ subject: '' }, 'Enter a subject.'],
    [{ message: '' }, 'Write your message.'],
  ])('a contact message with %j is a 400 that stores nothing', async (change, text) => {
    const before = await count('contact_messages');
    const response = await shopperSession(ctx.app).request({ method: 'POST', url: '/contact-messages', payload: { ...message, ...change }, remoteAddress: '10.1.0.3' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_message', message: text });
    expect(await count('contact_messages')).toBe(before);
  });

  test(`a client may send ${CONTACT_MESSAGE_LIMIT} messages in ten minutes; the next is a 429 that stores nothing, other clients go on`, async () => {
    const shopper = shopperSession(ctx.app);
    const send = (address: string) => shopper.request({ method: 'POST', url: '/contact-messages', payload: message, headers: { 'x-forwarded-for': address } });
    const statuses = await Promise.all(Array.from({ length: CONTACT_MESSAGE_LIMIT + 2 }, () => send('10.1.0.9')));
    expect(statuses.filter((response) => response.statusCode === 201)).toHaveLength(CONTACT_MESSAGE_LIMIT);
    const refused = statuses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json()).toEqual({ error: 'too_many_messages', message: expect.stringMatching(/try again in 10 minutes/) });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(590);
    const stored = await ctx.database.query<{ n: string | number }>(`SELECT count(*) AS n FROM contact_messages WHERE address = '10.1.0.9'`);
    expect(Number(stored.rows[0]?.n)).toBe(CONTACT_MESSAGE_LIMIT);
    expect((await send('10.1.0.10')).statusCode).toBe(201);
  });

  test(`a client may ask to subscribe ${NEWSLETTER_LIMIT} times in ten minutes; the next is a 429 that stores nothing, other clients go on`, async () => {
    const shopper = shopperSession(ctx.app);
    const subscribe = (email: string, address: string) =>
      shopper.request({ method: 'POST', url: '/newsletter', payload: { email }, headers: { 'x-forwarded-for': address } });
    const before = await count('newsletter_subscribers');
    for (let n = 1; n <= NEWSLETTER_LIMIT; n += 1) {
      expect((await subscribe(`reader.${n}@example.co.za`, '10.1.1.1')).statusCode).toBe(201);
    }
    const refused = await subscribe('one.too.many@example.co.za', '10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'too_many_requests', message: expect.stringMatching(/try again in 10 minutes/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(590);
    expect(await count('newsletter_subscribers')).toBe(before + NEWSLETTER_LIMIT);
    expect((await subscribe('one.too.many@example.co.za', '10.1.1.2')).statusCode).toBe(201);
  });
});
