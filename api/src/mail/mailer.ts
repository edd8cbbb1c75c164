import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database, Queryable, Transaction } from '../db/database';
import { isLoopbackHost } from '../net/loopback';
import { SAMPLE_MAIL_SHOP, type MailContent, type MailShop } from './layout';
import { DEFAULT_MAIL_FROM, maskAddress, maskAddressesIn, type MailAddress } from './mailAddress';
import { DEFAULT_MAIL_QUEUE, type MailQueueSettings } from './mailQueue';
import { claimDueMail, insertOutboxMail, markMailAttemptFailed, markMailSent, type ClaimedMail } from './outbox';

export type { MailQueueSettings } from './mailQueue';

export type { MailContent } from './layout';

/** One mail to one shopper: a subject, plain text and HTML (templates in this folder make them). */
export interface Mail extends MailContent {
  to: string;
}

export interface Mailer {
  /**
   * Writes `mail` to the outbox as part of a change. Given the transaction that makes the change,
   * the mail is written in it, so it exists exactly when the change does; given the database,
   * after a commit of the caller's own, in a statement of its own. Once written it is handed to
   * the mail server at once (after the commit), and again later while the server is down: the
   * shopper's request never waits for the mail server.
   */
  send(db: Database | Transaction, mail: Mail): Promise<void>;
  /**
   * Starts looking for due mail every few seconds: mail written by other processes, retries, and
   * mail a sender took but never reported on (it died mid-send). The api starts it; the command
   * line only delivers what it wrote itself, and leaves the rest to the api.
   */
  start(): void;
  /** Looks for due mail now, without waiting (an operator has asked for a retry). */
  wake(): void;
  /** Resolves once every mail due now has been tried (tests and the command line wait on it). */
  idle(): Promise<void>;
  /** The outbox's clock: what a retry asked for now is due from. */
  now(): Date;
  /** Stops taking mail, gives deliveries under way a few seconds, then closes the connections. */
  close(): Promise<void>;
  /** The shop as its mail names it (layout.ts): every mail written for this mailer signs with it. */
  readonly shop: MailShop;
}

export interface MailerOptions {
  /** The database whose outbox is worked through (the one `send` writes to). */
  database: Database;
  /** Keep mail in the outbox for GET /dev/outbox even without a mail server (development on this machine only). */
  devOutbox: boolean;
  /** smtp://user:pass@host:587 or smtps://…: the mail server that delivers the shop's mail. */
  smtpUrl?: string | null;
  from?: MailAddress;
  /** The shop's details its mail gives (SHOP_*); the development sample unless given. */
  shop?: MailShop;
  log: FastifyBaseLogger;
  queue?: Partial<MailQueueSettings>;
}

/** Mails one sender takes at once; the pool sends two at a time. */
const CLAIM_BATCH = 10;
/** How long closing waits for deliveries under way. */
const CLOSE_WAIT_MS = 10_000;
/** The first retry waits this long, each next one twice as long, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 60_000;
const RETRY_MAX_MS = 30 * 60_000;

/** When attempt number `attempts` (1 for the first) having failed, the next is made. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

interface FailureDetails {
  message?: unknown;
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

// Not `instanceof Error`: a network error comes from Node's own realm, another one under jest.
function failureDetails(error: unknown): FailureDetails {
  return typeof error === 'object' && error !== null ? (error as FailureDetails) : {};
}

/** What the log and the outbox may say about a failed delivery: nodemailer's code and the server's reply, addresses masked. */
function describeFailure(error: unknown): Record<string, unknown> {
  const { message, code, responseCode, command } = failureDetails(error);
  return {
    code,
    responseCode,
    command: typeof command === 'string' ? maskAddressesIn(command) : undefined,
    reason: typeof message === 'string' ? maskAddressesIn(message) : 'unknown',
  };
}

/**
 * A refusal no retry can change: the server answered the recipient with a permanent (5xx) error,
 * "no such mailbox". A refusal of anything else (the server's sign-in, a full disk, greylisting's
 * 4xx) is the shop's or the moment's, and is tried again.
 */
function isPermanent(error: unknown): boolean {
  const { code, responseCode } = failureDetails(error);
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/**
 * nodemailer's pool: a few connections kept open while there is mail, each with time limits so a
 * server that stops answering cannot hold a delivery for ever. Credentials and mail cross the
 * network encrypted: smtp:// to a server not on this machine must upgrade with STARTTLS
 * (`?requireTLS=false` in the URL says otherwise; its query overrides these options).
 */
function createSmtpTransport(smtpUrl: string, from: MailAddress) {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport(
    {
      url: smtpUrl,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      requireTLS: url.protocol === 'smtp:' && !isLoopbackHost(url.hostname),
      // Mail here is text the api wrote: never a file or a web address for nodemailer to read.
      disableFileAccess: true,
      disableUrlAccess: true,
    },
    { from: { name: from.name, address: from.address } },
  );
}

type SmtpTransport = ReturnType<typeof createSmtpTransport>;

/** Headers every mail gets from the mailer: a mail's own headers may not set them. */
const MAILER_HEADERS = new Set([
  'from', 'sender', 'reply-to', 'to', 'cc', 'bcc', 'subject', 'date', 'message-id', 'auto-submitted',
  'mime-version', 'content-type', 'content-transfer-encoding', 'return-path', 'received',
]);

/**
 * Refuses a mail's own header that could change what the mail is or where it goes: a name the
 * mailer sets, a name that is not a plain header name, or a value that is not one line of text
 * (a line break in it would start a header of its own). A template's mistake, caught before the
 * mail is written.
 */
export function checkMailHeaders(headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z][A-Za-z0-9-]{0,75}$/.test(name) || MAILER_HEADERS.has(name.toLowerCase())) {
      throw new Error(`A mail cannot set the header ${JSON.stringify(name)}`);
    }
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    if (typeof value !== 'string' || /[\u0000-\u001f\u007f]/.test(value) || value.length > 900) {
      throw new Error(`The mail header ${name} must be one line of at most 900 characters`);
    }
  }
}

/** A Message-ID of the shop's own domain, made once per mail: every attempt to send it repeats it. */
function newMessageId(from: MailAddress): string {
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1);
  return `<${randomUUID()}@${domain}>`;
}

/**
 * The shop's mail, through a durable outbox: written in the transaction of the change that causes
 * it, then sent by the senders of every api process on the database (outbox.ts: each mail taken
 * by one of them at a time), retried with a doubling wait (1 minute up to 30) for `retryHours`.
 * With DEV_OUTBOX the mail is also listed at /dev/outbox. With neither a mail server nor the
 * developer outbox, nothing is written and the log says a mail was not sent (without its text:
 * a reset link in a log hands over an account).
 */
export function createMailer({ database, devOutbox, smtpUrl = null, from = DEFAULT_MAIL_FROM, shop = SAMPLE_MAIL_SHOP, log, queue = {} }: MailerOptions): Mailer {
  const settings: MailQueueSettings = { ...DEFAULT_MAIL_QUEUE, ...queue };
  const transport = smtpUrl ? createSmtpTransport(smtpUrl, from) : null;
  const now = () => new Date(settings.now());
  let running: Promise<void> | null = null;
  let again = false;
  let closing = false;
  let poll: NodeJS.Timeout | null = null;

  async function deliver(smtp: SmtpTransport, mail: ClaimedMail): Promise<void> {
    const about = { to: maskAddress(mail.to), subject: mail.subject, messageId: mail.messageId, attempt: mail.attempts };
    try {
      await smtp.sendMail({
        // An address object, not a string, which nodemailer would read as a list: "a,b@example.com"
        // (an email the sign-up form takes) goes to "a,b"@example.com, never to b@example.com.
        to: { name: '', address: mail.to },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // The same on every attempt, so a mail sent twice (its sender died before it could record
        // the first) is one mail to the shopper's mail program.
        messageId: mail.messageId,
        date: mail.createdAt,
        // Sent by the shop, not typed by a person: out-of-office replies and the like are not to
        // answer it (RFC 3834). Then the mail's own (a marketing mail's unsubscribe headers), as
        // they were written: they were checked then (checkMailHeaders).
        headers: { 'Auto-Submitted': 'auto-generated', ...mail.headers },
      });
    } catch (error) {
      const details = describeFailure(error);
      const at = now();
      const retryAt = new Date(at.getTime() + retryDelayMs(mail.attempts));
      const givenUp = isPermanent(error) || retryAt.getTime() - mail.retryFrom.getTime() > settings.retryHours * 3_600_000;
      try {
        await markMailAttemptFailed(database, mail.id, at, `${String(details.reason)}${details.responseCode ? ` (${String(details.responseCode)})` : ''}`, givenUp ? null : retryAt);
      } catch (recordError) {
        log.error({ ...about, err: recordError }, 'mail attempt not recorded: it is tried again once its claim runs out');
      }
      if (givenUp) log.error({ ...about, ...details }, 'mail not sent: it failed for good (npm run mail -- list --failed)');
      else log.warn({ ...about, ...details, retryAt: retryAt.toISOString() }, 'mail not sent yet: the mail server did not take it; it is tried again');
      return;
    }
    try {
      await markMailSent(database, mail.id, now());
      log.info(about, 'mail sent');
    } catch (error) {
      // Sent, but not recorded: it goes again once its claim runs out, with the same Message-ID.
      log.error({ ...about, err: error }, 'mail sent but not recorded as sent');
    }
  }

  /** Takes and sends due mail in batches until none is due (or closing began). */
  async function workThrough(smtp: SmtpTransport): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (closing) return;
        let batch: ClaimedMail[];
        try {
          batch = await claimDueMail(database, now(), settings.claimSeconds, CLAIM_BATCH);
        } catch (error) {
          log.error({ err: error }, 'the mail outbox could not be read: tried again shortly');
          return;
        }
        if (batch.length === 0) break;
        await Promise.all(batch.map((mail) => deliver(smtp, mail)));
      }
    } while (again);
  }

  function wake(): void {
    if (!transport || closing) return;
    if (running) {
      again = true;
      return;
    }
    running = workThrough(transport).finally(() => {
      running = null;
    });
  }

  async function write(db: Queryable, mail: Mail): Promise<void> {
    await insertOutboxMail(db, { ...mail, messageId: newMessageId(from), status: transport ? 'pending' : 'kept', at: now() });
  }

  return {
    shop,
    async send(db, mail) {
      if (mail.headers) checkMailHeaders(mail.headers);
      if (!transport && !devOutbox) {
        log.warn({ to: maskAddress(mail.to), subject: mail.subject }, 'mail not sent: no mail server is configured (SMTP_URL; DEV_OUTBOX=true keeps mail in the developer outbox)');
        return;
      }
      if ('afterCommit' in db) {
        // A failure here is the change's: the statement has spoilt its transaction.
        await write(db, mail);
        db.afterCommit(wake);
        return;
      }
      try {
        await write(db, mail);
      } catch (error) {
        // The caller's change is made by then; its answer is still a success, and the log says
        // which mail it lacks.
        log.error({ err: error, to: maskAddress(mail.to), subject: mail.subject }, 'mail not written to the outbox');
        return;
      }
      wake();
    },

    start() {
      if (!transport || poll) return;
      poll = setInterval(wake, settings.pollSeconds * 1000);
      poll.unref();
      wake();
    },

    wake,
    now,

    async idle() {
      wake();
      while (running) await running;
    },

    async close() {
      if (poll) clearInterval(poll);
      poll = null;
      closing = true;
      if (!transport) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
      });
      await Promise.race([running ?? Promise.resolve(), waited]);
      clearTimeout(timer);
      transport.close();
    },
  };
}
