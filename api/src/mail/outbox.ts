/**
 * The mail outbox table (migration 027): what the senders claim and settle, what operators list
 * and retry, what the developer outbox shows and what the sweep deletes. Every time is given by
 * the caller (the mailer's clock), so a test can let an hour pass without waiting for it.
 */
import type { Queryable } from '../db/database';
import type { MailContent } from './layout';

export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** A mail as a sender takes it: everything needed to hand it to the mail server. */
export interface ClaimedMail extends MailContent {
  id: string;
  messageId: string;
  to: string;
  createdAt: Date;
  retryFrom: Date;
  /** This attempt's number: 1 for the first. */
  attempts: number;
}

/** A mail as an operator sees it: no bodies (they hold reset links and sign-in codes). */
export interface OutboxEntry {
  id: string;
  status: MailStatus;
  recipient: string;
  subject: string;
  created_at: string;
  attempts: number;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
}

const iso = (at: Date) => at.toISOString();

export interface NewOutboxMail extends MailContent {
  to: string;
  messageId: string;
  status: 'pending' | 'kept';
  at: Date;
}

export async function insertOutboxMail(db: Queryable, mail: NewOutboxMail): Promise<void> {
  await db.query(
    `INSERT INTO mail_outbox (message_id, recipient, subject, text_body, html_body, status, created_at, retry_from, next_attempt_at, headers)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, CASE WHEN $6 = 'pending' THEN $7::timestamptz END, $8::jsonb)`,
    [mail.messageId, mail.to, mail.subject, mail.text, mail.html, mail.status, iso(mail.at), JSON.stringify(mail.headers ?? {})],
  );
}

interface ClaimedRow {
  id: string;
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date | string;
  retry_from: Date | string;
  attempts: number;
  /** jsonb: an object from the driver (a string on a driver that leaves JSON unparsed). */
  headers: Record<string, string> | string | null;
}

function headersOf(value: ClaimedRow['headers']): Record<string, string> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
}

/**
 * Takes up to `limit` pending mails due at `now` for this sender: one statement that skips rows
 * another sender is taking at the same moment and moves each taken row's next attempt
 * `claimSeconds` ahead, so no other sender takes it again unless this one never reports back.
 */
export async function claimDueMail(db: Queryable, now: Date, claimSeconds: number, limit: number): Promise<ClaimedMail[]> {
  const claimed = await db.query<ClaimedRow>(
    `UPDATE mail_outbox m
     SET attempts = m.attempts + 1, last_attempt_at = $1, next_attempt_at = $1::timestamptz + make_interval(secs => $2)
     WHERE m.id IN (
         SELECT id FROM mail_outbox
         WHERE status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at, id
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
       AND m.status = 'pending' AND m.next_attempt_at <= $1
     RETURNING m.id::text AS id, m.message_id, m.recipient, m.subject, m.text_body, m.html_body, m.created_at, m.retry_from, m.attempts, m.headers`,
    [iso(now), claimSeconds, limit],
  );
  return claimed.rows
    .map((row) => ({
      id: row.id,
      messageId: row.message_id,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      headers: headersOf(row.headers),
      createdAt: new Date(row.created_at),
      retryFrom: new Date(row.retry_from),
      attempts: row.attempts,
    }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

export async function markMailSent(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = 'sent', sent_at = $2, next_attempt_at = NULL, last_error = NULL
     WHERE id = $1::bigint AND status = 'pending'`,
    [id, iso(now)],
  );
}

/** An attempt failed: the mail is tried again at `retryAt`, or, with null, it has failed for good. */
export async function markMailAttemptFailed(db: Queryable, id: string, now: Date, error: string, retryAt: Date | null): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET
       last_error = left($3, 1000),
       status = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
       next_attempt_at = $4::timestamptz,
       failed_at = CASE WHEN $4::timestamptz IS NULL THEN $2::timestamptz END
     WHERE id = $1::bigint AND status = 'pending'`,
    [id, iso(now), error, retryAt ? iso(retryAt) : null],
  );
}

const ENTRY_COLUMNS = `id::text AS id, status, recipient, subject, created_at, attempts, last_attempt_at, next_attempt_at, last_error, sent_at`;

interface EntryRow {
  id: string;
  status: MailStatus;
  recipient: string;
  subject: string;
  created_at: Date | string;
  attempts: number;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string | null;
  last_error: string | null;
  sent_at: Date | string | null;
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toEntry(row: EntryRow): OutboxEntry {
  return {
    id: row.id,
    status: row.status,
    recipient: row.recipient,
    subject: row.subject,
    created_at: new Date(row.created_at).toISOString(),
    attempts: Number(row.attempts),
    last_attempt_at: isoOrNull(row.last_attempt_at),
    next_attempt_at: isoOrNull(row.next_attempt_at),
    last_error: row.last_error,
    sent_at: isoOrNull(row.sent_at),
  };
}

/** The newest `limit` mails, of one state or all, newest first. */
async function listOutboxMail(db: Queryable, status: MailStatus | null, limit: number): Promise<OutboxEntry[]> {
  const rows = await db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM mail_outbox
     WHERE $1::text IS NULL OR status = $1
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [status, limit],
  );
  return rows.rows.map(toEntry);
}

/** What operators see of the outbox: how many mails are in each state, and the newest `limit` (of one state, or all). */
export async function outboxOverview(db: Queryable, status: MailStatus | null, limit: number): Promise<{ counts: Record<MailStatus, number>; mail: OutboxEntry[] }> {
  const [counts, mail] = await Promise.all([countOutboxMail(db), listOutboxMail(db, status, limit)]);
  return { counts, mail };
}

/** How many mails are in each state (operators' summary line). */
async function countOutboxMail(db: Queryable): Promise<Record<MailStatus, number>> {
  const rows = await db.query<{ status: MailStatus; n: number }>('SELECT status, count(*)::int AS n FROM mail_outbox GROUP BY status');
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0, kept: 0 };
  for (const row of rows.rows) counts[row.status] = Number(row.n);
  return counts;
}

/** What a retry asks for: the mails with these ids, or every failed one. */
export type RetryTarget = { ids: readonly string[] } | { allFailed: true };

/**
 * Sends failed (or still pending) mails again from `now`, with a fresh retry window. Mail that
 * was sent, or kept for the developer outbox, is left as it is; the answer says which ids were
 * queued and which were not retried.
 */
export async function retryOutboxMail(db: Queryable, target: RetryTarget, now: Date): Promise<{ queued: string[]; notRetried: string[] }> {
  const ids = 'ids' in target ? target.ids : null;
  const queued = await db.query<{ id: string }>(
    `UPDATE mail_outbox SET status = 'pending', next_attempt_at = $2, retry_from = $2, failed_at = NULL
     WHERE status IN ('failed', 'pending') AND ($1::bigint[] IS NULL AND status = 'failed' OR id = ANY($1::bigint[]))
     RETURNING id::text AS id`,
    [ids, iso(now)],
  );
  const done = new Set(queued.rows.map((row) => row.id));
  return { queued: [...done].sort((a, b) => Number(a) - Number(b)), notRetried: (ids ?? []).filter((id) => !done.has(String(BigInt(id)))) };
}

/** The developer outbox: newest first, text only, to one recipient or all. */
export async function developerOutbox(db: Queryable, recipient: string | null): Promise<{ id: number; recipient: string; subject: string; body: string; created_at: string }[]> {
  const mail = await db.query<{ id: string; recipient: string; subject: string; body: string; created_at: Date | string }>(
    `SELECT id::text AS id, recipient, subject, text_body AS body, created_at FROM mail_outbox
     WHERE $1::text IS NULL OR lower(recipient) = lower($1)
     ORDER BY id DESC LIMIT 50`,
    [recipient],
  );
  return mail.rows.map((row) => ({ ...row, id: Number(row.id), created_at: new Date(row.created_at).toISOString() }));
}
