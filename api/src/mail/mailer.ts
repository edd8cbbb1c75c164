import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database';

export interface Mail {
  to: string;
  subject: string;
  /** Plain text, in the shop's voice. */
  text: string;
}

export interface Mailer {
  /**
   * Sends `mail` as part of the caller's transaction: kept in the developer outbox when that is
   * on, so a rolled-back change leaves no mail behind.
   */
  send(db: Queryable, mail: Mail): Promise<void>;
}

interface MailerOptions {
  /** Keep mail in the outbox table, listed at GET /dev/outbox (development on this machine only). */
  devOutbox: boolean;
  log: FastifyBaseLogger;
}

/**
 * The shop's mail. No mail server is configured yet, so without the developer outbox a mail is
 * not sent, and the log says so (without its text: a reset link in a log hands over an account).
 */
export function createMailer({ devOutbox, log }: MailerOptions): Mailer {
  return {
    async send(db, mail) {
      if (devOutbox) {
        await db.query('INSERT INTO outbox (recipient, subject, body) VALUES ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
        return;
      }
      log.warn({ subject: mail.subject }, 'mail not sent: no mail server is configured (DEV_OUTBOX=true keeps mail in the developer outbox)');
    },
  };
}
