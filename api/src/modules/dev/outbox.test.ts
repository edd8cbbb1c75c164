/**
 * The developer outbox hands its reader every password-reset link, so it is off unless a
 * developer switches it on: a default api has no /dev/outbox, keeps no mail, and says in its log
 * that the mail was not sent.
 */
import { Writable } from 'node:stream';
import { shopperSession } from '../../testing/shopperSession';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

jest.setTimeout(60_000);

const victim = {
  first_name: 'Naledi',
  last_name: 'Khumalo',
  email: `naledi.${process.pid}@example.co.za`,
  password: 'a long and secret phrase',
  phone: '082 555 0101',
};

describe.each(testDatabases())('the developer outbox ($name)', (target) => {
  describe('on a default start', () => {
    let ctx: TestApp;
    const logLines: { level: number; msg: string; subject?: string; to?: string }[] = [];

    beforeAll(async () => {
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as (typeof logLines)[number]);
          done();
        },
      });
      ctx = await startTestApp(target, { devOutbox: false, logger: { level: 'warn', stream } });
    }, DATABASE_TIMEOUT_MS);
    afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

    it('does not exist, so a reset link cannot be read off it to take over an account', async () => {
      const browser = shopperSession(ctx.app);
      expect((await browser.request({ method: 'POST', url: '/auth/register', payload: victim })).statusCode).toBe(201);

      const attacker = shopperSession(ctx.app);
      const asked = await attacker.request({ method: 'POST', url: '/auth/forgot-password', payload: { email: victim.email } });
      expect(asked.statusCode).toBe(202);
      for (const url of ['/dev/outbox', `/dev/outbox?recipient=${encodeURIComponent(victim.email)}`]) {
        const listing = await attacker.request({ url });
        expect(listing.statusCode).toBe(404);
        expect(listing.body).not.toContain('token=');
      }
    });

    it('keeps no mail, and logs that the mail was not sent without its link', async () => {
      const kept = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
      expect(kept.rows[0]?.n).toBe(0);
      const notSent = logLines.filter((line) => line.msg.startsWith('mail not sent'));
      expect(notSent).toEqual([
        expect.objectContaining({ level: 40, subject: 'Welcome to Jacaranda', to: 'n***@example.co.za' }),
        expect.objectContaining({ level: 40, subject: 'Reset your Jacaranda password', to: 'n***@example.co.za' }),
      ]);
      expect(JSON.stringify(logLines)).not.toContain('token=');
      expect(JSON.stringify(logLines)).not.toContain(victim.email);
      // The token exists, for the mail a configured mail server will carry.
      const tokens = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM password_reset_tokens');
      expect(tokens.rows[0]?.n).toBe(1);
    });
  });

  describe('switched on (DEV_OUTBOX=true)', () => {
    let ctx: TestApp;
    beforeAll(async () => {
      ctx = await startTestApp(target, { devOutbox: true });
    }, DATABASE_TIMEOUT_MS);
    afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

    it('lists the welcome and reset mails, newest first, with the reset link', async () => {
      const browser = shopperSession(ctx.app);
      expect((await browser.request({ method: 'POST', url: '/auth/register', payload: victim })).statusCode).toBe(201);
      await browser.request({ method: 'POST', url: '/auth/forgot-password', payload: { email: victim.email } });
      const listing = await browser.request({ url: `/dev/outbox?recipient=${encodeURIComponent(victim.email)}` });
      expect(listing.statusCode).toBe(200);
      expect(listing.json()).toEqual([
        expect.objectContaining({ recipient: victim.email, subject: 'Reset your Jacaranda password' }),
        expect.objectContaining({ recipient: victim.email, subject: 'Welcome to Jacaranda' }),
      ]);
      expect(listing.json<{ body: string }[]>()[0]?.body).toMatch(/reset-password\?token=[A-Za-z0-9_-]{43}/);
    });
  });
});
