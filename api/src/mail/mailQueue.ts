/** The mail outbox's timing, apart from the mailer so settings can read its defaults. */

/** How the outbox is worked through: retries, claims, and the clock it reads. */
export interface MailQueueSettings {
  /**
   * How long a mail is tried for, from when it was written (or retried by an operator), before it
   * counts as failed: at least a day, so a mail server down over a weekend night loses nothing.
   */
  retryHours: number;
  /**
   * How long a sender may take over one mail before another may take it again: longer than a
   * delivery can last (the mailer's connection limits add up to under a minute), so a mail is sent
   * twice only when its sender died.
   */
  claimSeconds: number;
  /** How often each api process looks for due mail besides its own. */
  pollSeconds: number;
  /** The clock every outbox time is read from (tests move it forward). */
  now: () => number;
}

export const DEFAULT_MAIL_QUEUE: MailQueueSettings = {
  retryHours: 48,
  claimSeconds: 300,
  pollSeconds: 5,
  now: () => Date.now(),
};
