import { shopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { DEFAULT_LIMITS } from '../../limits';
import { MESSAGE_RECEIVED } from './messageRoutes';

const CONTACT_MESSAGE_LIMIT = DEFAULT_LIMITS.contact.max;

const message = {
  name: 'Sipho Ndlovu',
  email: 'sipho@example.co.za',
  phone: '082 123 4567',
  subject: 'Delivery to Soweto',
  message: 'Do you deliver to Soweto on Saturdays?',
};

describe.each(testDatabases())('contact messages ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function count(table: 'contact_messages'): Promise<number> {
    const result = await ctx.database.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`);
    return Number(result.rows[0]?.n);
  }

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
});
