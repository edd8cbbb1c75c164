import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpSink } from '@storefront/api/testing/smtp-sink';
import type { SinkMail } from './mail';

/**
 * The store's mail server for the suite: the api's test SMTP server, which the store's api sends
 * to (SMTP_URL), as a shop's would. Specs run apart from the setup that starts it, so they read
 * what arrived over HTTP (./mail.ts): GET `readUrl`?to=address lists that address's mail, oldest first.
 */
export async function startMailSink(readPort: number): Promise<{ smtpUrl: string; readUrl: string; close(): Promise<void> }> {
  const sink = await startSmtpSink();
  const reader = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://localhost').searchParams.get('to') ?? '';
    const mail: SinkMail[] = sink.mailTo(to).map(({ subject, text }) => ({ subject, text }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mail));
  });
  await new Promise<void>((resolve, reject) => {
    reader.once('error', reject);
    reader.listen(readPort, '127.0.0.1', () => resolve());
  });
  const { port } = reader.address() as AddressInfo;
  return {
    smtpUrl: sink.url,
    readUrl: `http://127.0.0.1:${port}/mail`,
    async close() {
      await new Promise<void>((resolve) => reader.close(() => resolve()));
      await sink.close();
    },
  };
}
