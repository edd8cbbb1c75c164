import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database, Transaction } from '../db/database';
import { isLoopbackHost } from '../settings';
import type { MailContent } from './layout';
import { DEFAULT_MAIL_FROM, maskAddress, maskAddressesIn, type MailAddress } from './mailAddress';

export type { MailContent } from './layout';

/** One mail to one shopper: a subject, plain text and HTML (templates in this folder make them). */
export interface Mail extends MailContent {
  to: string;
}

export interface Mailer {
  /**
   * Sends `mail` along with a change. Given the transaction that makes the change, the mail
   * follows it: the developer outbox keeps it in that transaction, and the mail server is given
   * it once the transaction has committed, so a change rolled back sends nothing. Given the
   * database, after a commit of the caller's own, it goes at once.
   *
   * The mail server is never waited for: a delivery that fails is logged (the recipient masked)
   * and never fails, nor slows, the shopper's request.
   */
  send(db: Database | Transaction, mail: Mail): Promise<void>;
  /** Resolves once every mail handed to the mail server so far is delivered or has failed (tests wait on it). */
  idle(): Promise<void>;
  /** Gives deliveries under way a few seconds to finish, then closes the mail server's connections. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** Keep mail in the outbox table, listed at GET /dev/outbox (development on this machine only). */
  devOutbox: boolean;
  /** smtp://user:pass@host:587 or smtps://…: the mail server that delivers the shop's mail. */
  smtpUrl?: string | null;
  from?: MailAddress;
  log: FastifyBaseLogger;
}

/** Mails handed to the mail server and not yet taken: beyond this a mail is dropped (and logged), not queued without end. */
export const MAX_DELIVERIES_UNDER_WAY = 1_000;
/** How long closing waits for deliveries under way. */
const CLOSE_WAIT_MS = 10_000;

/** What the log may say about a failed delivery: nodemailer's code and the server's reply, addresses masked. */
function describeFailure(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { reason: 'unknown' };
  const { code, responseCode, command } = error as Error & { code?: unknown; responseCode?: unknown; command?: unknown };
  return { code, responseCode, command: typeof command === 'string' ? maskAddressesIn(command) : undefined, reason: maskAddressesIn(error.message) };
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

/**
 * The shop's mail: through the mail server at SMTP_URL, and kept in the developer outbox when
 * that is on. With neither, the log says a mail was not sent (without its text: a reset link in
 * a log hands over an account).
 */
export function createMailer({ devOutbox, smtpUrl = null, from = DEFAULT_MAIL_FROM, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? createSmtpTransport(smtpUrl, from) : null;
  const underWay = new Set<Promise<void>>();

  function deliver(mail: Mail): void {
    const about = { to: maskAddress(mail.to), subject: mail.subject };
    if (!transport) {
      if (!devOutbox) log.warn(about, 'mail not sent: no mail server is configured (SMTP_URL; DEV_OUTBOX=true keeps mail in the developer outbox)');
      return;
    }
    if (underWay.size >= MAX_DELIVERIES_UNDER_WAY) {
      log.error(about, `mail not sent: ${MAX_DELIVERIES_UNDER_WAY} mails are already waiting for the mail server`);
      return;
    }
    const delivery: Promise<void> = transport
      .sendMail({
        // An address object, not a string, which nodemailer would read as a list: "a,b@example.com"
        // (an email the sign-up form takes) goes to "a,b"@example.com, never to b@example.com.
        to: { name: '', address: mail.to },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Transactional mail: out-of-office replies and the like are not to answer it (RFC 3834).
        headers: { 'Auto-Submitted': 'auto-generated' },
      })
      .then(
        () => log.info(about, 'mail sent'),
        (error: unknown) => log.error({ ...about, ...describeFailure(error) }, 'mail not sent: the mail server did not take it'),
      )
      .finally(() => underWay.delete(delivery));
    underWay.add(delivery);
  }

  return {
    async send(db, mail) {
      const transaction = 'afterCommit' in db ? db : null;
      if (devOutbox) {
        try {
          await db.query('INSERT INTO outbox (recipient, subject, body) VALUES ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
        } catch (error) {
          // In a transaction the failure is the change's (the statement has spoilt it); after a
          // commit, the change is made and a developer's copy of its mail is not worth an error.
          if (transaction) throw error;
          log.error({ err: error, to: maskAddress(mail.to), subject: mail.subject }, 'mail not kept in the developer outbox');
        }
      }
      if (transaction) transaction.afterCommit(() => deliver(mail));
      else deliver(mail);
    },

    async idle() {
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
    },

    async close() {
      if (!transport) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
      });
      await Promise.race([Promise.allSettled([...underWay]), waited]);
      clearTimeout(timer);
      transport.close();
    },
  };
}
