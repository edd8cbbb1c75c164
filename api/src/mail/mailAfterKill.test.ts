/**
 * An api killed in the middle of handing a mail to the mail server loses nothing: the mail server
 * has it but never said so, the process is gone (SIGKILL), and the api started again on the same
 * folder sends it again once the dead sender's claim has run out, under the same Message-ID, so
 * the shopper's mail program shows it once.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openShopAccess } from '../cli/shopAccess';
import { readSettings } from '../settings';
import { registration } from '../testing/accounts';
import { startApiProcess, type ApiProcess } from '../testing/apiProcess';
import { startSmtpSink, type SmtpSink } from '../testing/smtpSink';
import { until } from '../testing/until';

/** Two PGlite boots on disk (the first creates and seeds the database), beside other workers. */
jest.setTimeout(180_000);

let folder: string;
let sink: SmtpSink;
const apis: ApiProcess[] = [];

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-after-kill-'));
  sink = await startSmtpSink();
});

afterAll(async () => {
  for (const api of apis) api.kill();
  await Promise.all(apis.map((api) => api.exited));
  await sink?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

function startApi(): ApiProcess {
  const api = startApiProcess({ DATA_DIR: path.join(folder, 'data'), SMTP_URL: sink.url, MAIL_CLAIM_SECONDS: '2' });
  apis.push(api);
  return api;
}

test('a mail under way when the api is killed is sent by the next api, under the same Message-ID', async () => {
  const email = `killed.${process.pid}@example.co.za`;
  sink.holdReplies = true;
  const first = startApi();
  const url = await first.listening;
  const registered = await fetch(`${url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(registration(email)),
  });
  expect(registered.status).toBe(201);
  // The mail server has the whole mail; its answer never comes.
  await until(() => sink.mailTo(email).length === 1, 'the mail server has the welcome', { timeoutMs: 30_000 });
  first.kill();
  await first.exited;

  sink.holdReplies = false;
  const second = startApi();
  await second.listening;
  await until(() => sink.mailTo(email).length === 2, 'the welcome was sent again', { timeoutMs: 60_000 });
  const [lost, resent] = sink.mailTo(email);
  expect(resent?.subject).toBe('Welcome to Jacaranda');
  expect(resent?.headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@jacaranda\.co\.za>$/);
  expect(resent?.headers.get('message-id')).toBe(lost?.headers.get('message-id'));
  expect(resent?.headers.get('date')).toEqual(lost?.headers.get('date'));

  // And the outbox, asked through the running api as an operator would, has it sent, once.
  const shop = await openShopAccess(readSettings({ DATA_DIR: path.join(folder, 'data') }));
  try {
    const { mail } = await shop.listMail(null, 50);
    expect(mail.filter((entry) => entry.recipient === email).map((entry) => [entry.status, entry.attempts])).toEqual([['sent', 2]]);
  } finally {
    await shop.close();
  }
  // Nothing more comes.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(sink.mailTo(email)).toHaveLength(2);
});
