/**
 * Two api processes on one PostgreSQL, each with its own sender, working through one outbox
 * while shoppers register on both and a third writer (a command) adds mail: every mail reaches
 * the mail server exactly once.
 */
import { startApiProcess, type ApiProcess } from '../testing/apiProcess';
import { registration } from '../testing/accounts';
import { createScratchDatabase, type ScratchDatabase } from '../testing/scratchDatabase';
import { startSmtpSink, type SmtpSink } from '../testing/smtpSink';
import { until } from '../testing/until';

jest.setTimeout(120_000);

const REGISTRATIONS = 24;
const WRITTEN_ELSEWHERE = 60;

let scratch: ScratchDatabase;
let sink: SmtpSink;
const apis: ApiProcess[] = [];
let urls: string[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase();
  sink = await startSmtpSink();
  const env = { DATABASE_URL: scratch.url, SMTP_URL: sink.url, LIMIT_REGISTER: '1000/1h' };
  apis.push(startApiProcess(env), startApiProcess(env));
  urls = await Promise.all(apis.map((api) => api.listening));
}, 90_000);

afterAll(async () => {
  for (const api of apis) api.kill();
  await Promise.all(apis.map((api) => api.exited));
  await sink?.close();
  await scratch?.drop();
});

test('each mail is sent once, whichever process wrote it and however many senders look', async () => {
  const emails = Array.from({ length: REGISTRATIONS }, (_, index) => `both.${process.pid}.${index}@example.co.za`);
  await scratch.query(
    `INSERT INTO mail_outbox (message_id, recipient, subject, text_body, html_body, status, created_at, retry_from, next_attempt_at)
     SELECT '<elsewhere-' || n || '@jacaranda.example>', 'elsewhere.' || n || '@example.co.za', 'Written elsewhere ' || n, 'text', '<p>html</p>',
            'pending', now(), now(), now()
     FROM generate_series(1, $1::int) AS n`,
    [WRITTEN_ELSEWHERE],
  );
  const answers = await Promise.all(
    emails.map((email, index) =>
      fetch(`${urls[index % 2]}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(registration(email)) }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(emails.map(() => 201));

  const total = REGISTRATIONS + WRITTEN_ELSEWHERE;
  await until(async () => (await scratch.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'sent'`))[0]?.n === total, `all ${total} mails are sent`, {
    timeoutMs: 60_000,
  });
  // A moment for a second copy to arrive, if one were on its way.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(sink.received).toHaveLength(total);
  expect(new Set(sink.received.map((mail) => mail.headers.get('message-id'))).size).toBe(total);
  for (const email of emails) expect(sink.mailTo(email).map((mail) => mail.subject)).toEqual(['Welcome to Jacaranda']);
  // Both senders did their share.
  for (const api of apis) expect(api.lines.filter((line) => line.msg === 'mail sent').length).toBeGreaterThan(0);
});
