import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as it arrived at the server: the envelope, the headers that matter, both bodies. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  recipients: string[];
  from: { name: string; address: string } | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  /** Each header as its line arrived (lower-case key, the whole line), for headers mailparser reads into objects (List-*). */
  headerLines: readonly { key: string; line: string }[];
}

export interface SmtpSink {
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL (buildApp's smtpUrl). */
  url: string;
  received: ReceivedMail[];
  /** The mail that came for `address` so far (any case). */
  mailTo(address: string): ReceivedMail[];
  /**
   * While true, a mail is kept as it arrives but the server never answers its end of data: the
   * client waits as on a server that stalls mid-send (a process killed then has sent, unknowing).
   */
  holdReplies: boolean;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Recipients the server refuses (550), to see how the api takes a failed delivery. */
  refuse?: readonly string[];
  /** Listen on this port (a mail server coming back where it was); a free one by default. */
  port?: number;
}

export const SMTP_USER = 'jacaranda-shop';
export const SMTP_PASSWORD = 'a mail server password';

/**
 * A real SMTP server in this process, on 127.0.0.1 and a free port, that takes mail only from a
 * client that signs in with SMTP_USER / SMTP_PASSWORD, and keeps what arrives, parsed. A mail is
 * in `received` before the client is told it was taken, so once the api's deliveries are done
 * (`app.mailer.idle()`) everything sent is there.
 */
export async function startSmtpSink({ refuse = [], port: wantedPort = 0 }: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refused = new Set(refuse.map((address) => address.toLowerCase()));
  const sink: SmtpSink = {
    url: '',
    received,
    mailTo: (address) => received.filter((mail) => mail.recipients.some((recipient) => recipient.toLowerCase() === address.toLowerCase())),
    holdReplies: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    logger: false,
    // Plain text on loopback, as a relay on the same machine would be; the api signs in all the same.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: no such mailbox`), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const from = parsed.from?.value[0];
          received.push({
            recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: from ? { name: from.name, address: from.address ?? '' } : null,
            to: Array.isArray(parsed.to) ? parsed.to.map((to) => to.text).join(', ') : (parsed.to?.text ?? ''),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html || '',
            headers: parsed.headers,
            headerLines: parsed.headerLines,
          });
          if (!sink.holdReplies) callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wantedPort, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  sink.url = smtpUrlFor(port);
  return sink;
}

/** SMTP_URL for a sink on `port`, with the sink's sign-in. */
export function smtpUrlFor(port: number): string {
  return `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`;
}
