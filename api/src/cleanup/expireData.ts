import type { Database, Queryable } from '../db/database';
import type { ApiLimits, LoginLimits, RetentionLimits } from '../limits';
import { DEFAULT_MAIL_QUEUE } from '../mail/mailQueue';
import type { ExpiryTask } from './expirySweeper';

/**
 * Deleting what stops mattering, one function per kind, each run by the sweep (expirySweeper.ts).
 *
 * Every delete goes in batches, each its own short statement (or short transaction), so a
 * backlog never holds many locks or one long transaction. Each batch picks its rows with
 * `FOR UPDATE SKIP LOCKED` and deletes them only if they still qualify when deleted: several api
 * processes sweeping one database take different rows and never wait on each other, and a row
 * a request is using at that moment is left for the next run.
 */

/** Rows one statement deletes at most. */
export const BATCH_SIZE = 1000;
/**
 * Shoppers one transaction deletes at most: each takes up to a cart's worth of lines (100 by
 * default) and its wishlist with it.
 */
export const SHOPPER_BATCH_SIZE = 200;
/**
 * Batches of one kind in one run. A large backlog (the first run after an upgrade) drains over
 * several runs rather than in one that holds a connection for minutes.
 */
const MAX_BATCHES_PER_RUN = 50;

/**
 * A spent reset link is kept this long after it was used or expired: a reset claims its link
 * before hashing the new password and looks for it again to finish (or gives it back when the
 * hashing queue is full), and the hash may wait its turn in the queue.
 */
const SPENT_RESET_LINK_GRACE = "interval '1 hour'";

/** Runs `batch` until it reports nothing more to do; the rows deleted in all. */
export async function deleteInBatches(batch: () => Promise<{ deleted: number; more: boolean }>): Promise<number> {
  let deleted = 0;
  for (let run = 0; run < MAX_BATCHES_PER_RUN; run += 1) {
    const result = await batch();
    deleted += result.deleted;
    if (!result.more) break;
  }
  return deleted;
}

/** One DELETE … RETURNING 1 of at most `limit` rows, as a batch. */
export function deleteStatement(db: Queryable, sql: string, params: readonly unknown[], limit: number): () => Promise<{ deleted: number; more: boolean }> {
  return async () => {
    const result = await db.query(sql, [...params, limit]);
    return { deleted: result.rows.length, more: result.rows.length === limit };
  };
}

/** Rate-limit counters whose window has ended: the next hit would start afresh anyway. */
export function deleteSpentCounters(db: Queryable, limit = BATCH_SIZE): Promise<number> {
  return deleteInBatches(
    deleteStatement(
      db,
      `DELETE FROM rate_limit_counters WHERE key IN (
         SELECT key FROM rate_limit_counters WHERE window_ends_at <= clock_timestamp()
         ORDER BY window_ends_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       AND window_ends_at <= clock_timestamp()
       RETURNING 1`,
      [],
      limit,
    ),
  );
}

/** Sign-in failures older than the longest window that counts them (modules/accounts/throttle.ts). */
export function deleteOldLoginFailures(db: Queryable, limits: LoginLimits, limit = BATCH_SIZE): Promise<number> {
  const longest = Math.max(limits.perAccount.windowSeconds, limits.perAddress.windowSeconds);
  return deleteInBatches(
    deleteStatement(
      db,
      `DELETE FROM login_failures WHERE id IN (
         SELECT id FROM login_failures WHERE failed_at < clock_timestamp() - make_interval(secs => $1)
         ORDER BY failed_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING 1`,
      [longest],
      limit,
    ),
  );
}

/** Sign-in codes past their time: sign-in no longer takes them (modules/accounts/signInCodes.ts); a used one is gone already. */
export function deleteExpiredSignInCodes(db: Queryable, limit = BATCH_SIZE): Promise<number> {
  return deleteInBatches(
    deleteStatement(
      db,
      `DELETE FROM sign_in_codes WHERE id IN (
         SELECT id FROM sign_in_codes WHERE expires_at <= clock_timestamp()
         ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING 1`,
      [],
      limit,
    ),
  );
}

/** Sessions past their end: sign-in already refuses them (identity/sessions.ts). */
export function deleteExpiredSessions(db: Queryable, limit = BATCH_SIZE): Promise<number> {
  return deleteInBatches(
    deleteStatement(
      db,
      `DELETE FROM sessions WHERE token_hash IN (
         SELECT token_hash FROM sessions WHERE expires_at <= now()
         ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       AND expires_at <= now()
       RETURNING 1`,
      [],
      limit,
    ),
  );
}

/**
 * Order Idempotency-Keys older than `hours`. A key is written inside its order's transaction, so
 * a key being claimed right now is not visible here, let alone old.
 */
export function deleteOldIdempotencyKeys(db: Queryable, hours: number, limit = BATCH_SIZE): Promise<number> {
  return deleteInBatches(
    deleteStatement(
      db,
      `DELETE FROM order_idempotency_keys WHERE (shopper_id, key) IN (
         SELECT shopper_id, key FROM order_idempotency_keys WHERE created_at < now() - make_interval(hours => $1::int)
         ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       AND created_at < now() - make_interval(hours => $1::int)
       RETURNING 1`,
      [hours],
      limit,
    ),
  );
}

/** Reset links used or expired (an hour ago: SPENT_RESET_LINK_GRACE). Neither can be used again. */
export function deleteSpentResetTokens(db: Queryable, limit = BATCH_SIZE): Promise<number> {
  const spent = `(used_at < now() - ${SPENT_RESET_LINK_GRACE} OR expires_at < now() - ${SPENT_RESET_LINK_GRACE})`;
  return deleteInBatches(
    deleteStatement(
      db,
      `DELETE FROM password_reset_tokens WHERE token_hash IN (
         SELECT token_hash FROM password_reset_tokens WHERE ${spent}
         LIMIT $1 FOR UPDATE SKIP LOCKED)
       AND ${spent}
       RETURNING 1`,
      [],
      limit,
    ),
  );
}

/**
 * Mail the outbox is done with: sent (or kept for the developer outbox) `sentMailDays` ago,
 * failed `failedMailDays` ago, or still pending that long after its retry window closed (its
 * senders have stopped: the api has run without a mail server since).
 */
export function deleteOldMail(db: Queryable, retention: Pick<RetentionLimits, 'sentMailDays' | 'failedMailDays'>, retryHours: number, limit = BATCH_SIZE): Promise<number> {
  const old = `(status IN ('sent', 'kept') AND created_at < now() - make_interval(days => $1::int)
     OR status = 'failed' AND failed_at < now() - make_interval(days => $2::int)
     OR status = 'pending' AND retry_from < now() - make_interval(days => $2::int, hours => $3::int))`;
  return deleteInBatches(
    deleteStatement(
      db,
      `DELETE FROM mail_outbox WHERE id IN (
         SELECT id FROM mail_outbox WHERE ${old}
         LIMIT $4 FOR UPDATE SKIP LOCKED)
       AND ${old}
       RETURNING 1`,
      [retention.sentMailDays, retention.failedMailDays, retryHours],
      limit,
    ),
  );
}

/**
 * Page views and the edge's failed renders received `days` ago, and the judgements of canaries
 * last judged that long ago. A canary running longer than that has its oldest page views go from
 * its arms' figures, and its judgement begins again if it has not been judged since.
 */
export async function deleteOldTelemetry(db: Queryable, days: number, limit = BATCH_SIZE): Promise<number> {
  const old = (column: string) => `${column} < now() - make_interval(days => $1::int)`;
  /** One table's rows older than `days` by `column`, `key` naming each, oldest first. */
  const deleteOld = (table: string, key: string, column: string) =>
    deleteInBatches(
      deleteStatement(
        db,
        `DELETE FROM ${table} WHERE ${key} IN (
           SELECT ${key} FROM ${table} WHERE ${old(column)}
           ORDER BY ${column} LIMIT $2 FOR UPDATE SKIP LOCKED)
         AND ${old(column)}
         RETURNING 1`,
        [days],
        limit,
      ),
    );
  const pageViews = await deleteOld('page_views', 'id', 'received_at');
  const renders = await deleteOld('server_render_failures', 'id', 'received_at');
  const judgements = await deleteOld('canary_judgements', 'started_by', 'judged_at');
  return pageViews + renders + judgements;
}

/**
 * The digests of the edge's reports, once no report with that `at` could be taken any more (it
 * must arrive within minutes of it: modules/telemetry/telemetryQueries.ts), with a margin.
 */
export function deleteCountedServerReports(db: Queryable, limit = BATCH_SIZE): Promise<number> {
  return deleteInBatches(
    deleteStatement(
      db,
      `DELETE FROM server_reports_counted WHERE digest IN (
         SELECT digest FROM server_reports_counted WHERE at < now() - interval '15 minutes'
         ORDER BY at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING 1`,
      [],
      limit,
    ),
  );
}

/** `s` (a shopper) has an account or orders: it is never deleted as anonymous. */
const KEPT_SQL = `(EXISTS (SELECT 1 FROM users u WHERE u.shopper_id = s.id)
  OR EXISTS (SELECT 1 FROM orders o WHERE o.shopper_id = s.id))`;

/**
 * Anonymous shoppers idle for `days`, with their carts and wishlists (ON DELETE CASCADE).
 * Anonymous: no account (users.shopper_id) and no orders; a shopper with orders stays, and so
 * do its orders. Idle: nothing changed since the cutoff, by its own mark (last_active_at, set by
 * ensureShopper on every add and order) and by its cart lines' and wishlist items' times
 * (a quantity change does not go through ensureShopper).
 *
 * One transaction a batch, taking locks in the order the cart's writes take them (the shopper's
 * row, then its lines), so neither waits on the other in a circle:
 * 1. the oldest shoppers past the cutoff are locked, skipping any a request holds (a cart add or
 *    an order locks its shopper first, and ensureShopper's mark then takes it out of range);
 * 2. the anonymous ones' cart lines are locked, which waits for a quantity change under way;
 * 3. a DELETE whose own snapshot, taken after both, checks every condition again: a line changed
 *    or an order placed in between keeps the shopper. A cart add that comes now waits on the
 *    shopper's row; ensureShopper then records the shopper afresh, and its line is kept.
 * 4. those that stay have last_active_at moved up to their latest change, or to now for an
 *    account's or a buyer's, so the next runs do not look at them again for a retention period.
 */
export async function deleteAbandonedShoppers(database: Database, days: number, limit = SHOPPER_BATCH_SIZE): Promise<number> {
  const cutoff = 'now() - make_interval(days => $2::int)';
  return deleteInBatches(() =>
    database.transaction(async (tx) => {
      const candidates = await tx.query<{ id: string; kept: boolean }>(
        `SELECT s.id, ${KEPT_SQL} AS kept FROM shoppers s
         WHERE s.last_active_at < now() - make_interval(days => $1::int)
         ORDER BY s.last_active_at LIMIT $2 FOR UPDATE OF s SKIP LOCKED`,
        [days, limit],
      );
      if (candidates.rows.length === 0) return { deleted: 0, more: false };
      const all = candidates.rows.map((row) => row.id);
      const anonymous = candidates.rows.filter((row) => !row.kept).map((row) => row.id);
      let deleted = 0;
      if (anonymous.length > 0) {
        await tx.query('SELECT 1 FROM cart_lines WHERE shopper_id = ANY($1::text[]) FOR UPDATE', [anonymous]);
        const removed = await tx.query(
          `DELETE FROM shoppers s WHERE s.id = ANY($1::text[])
             AND s.last_active_at < ${cutoff}
             AND NOT ${KEPT_SQL}
             AND NOT EXISTS (SELECT 1 FROM cart_lines l WHERE l.shopper_id = s.id AND GREATEST(l.created_at, l.updated_at) >= ${cutoff})
             AND NOT EXISTS (SELECT 1 FROM wishlist_items w WHERE w.shopper_id = s.id AND w.created_at >= ${cutoff})
           RETURNING 1`,
          [anonymous, days],
        );
        deleted = removed.rows.length;
      }
      if (deleted < all.length) {
        await tx.query(
          `UPDATE shoppers s SET last_active_at = GREATEST(
             s.last_active_at,
             (SELECT max(GREATEST(l.created_at, l.updated_at)) FROM cart_lines l WHERE l.shopper_id = s.id),
             (SELECT max(w.created_at) FROM wishlist_items w WHERE w.shopper_id = s.id),
             CASE WHEN ${KEPT_SQL} THEN now() END)
           WHERE s.id = ANY($1::text[])`,
          [all],
        );
      }
      return { deleted, more: candidates.rows.length === limit };
    }),
  );
}

/** The sweep's tasks: every kind above, with the api's limits. */
export function expiryTasks(database: Database, limits: Pick<ApiLimits, 'login' | 'retention'>, mailRetryHours = DEFAULT_MAIL_QUEUE.retryHours): ExpiryTask[] {
  const retention: RetentionLimits = limits.retention;
  return [
    { kind: 'rateLimitCounters', run: () => deleteSpentCounters(database) },
    { kind: 'loginFailures', run: () => deleteOldLoginFailures(database, limits.login) },
    { kind: 'signInCodes', run: () => deleteExpiredSignInCodes(database) },
    { kind: 'sessions', run: () => deleteExpiredSessions(database) },
    { kind: 'idempotencyKeys', run: () => deleteOldIdempotencyKeys(database, retention.idempotencyKeyHours) },
    { kind: 'resetTokens', run: () => deleteSpentResetTokens(database) },
    { kind: 'anonymousShoppers', run: () => deleteAbandonedShoppers(database, retention.anonymousShopperDays) },
    { kind: 'mail', run: () => deleteOldMail(database, retention, mailRetryHours) },
    { kind: 'telemetry', run: () => deleteOldTelemetry(database, retention.telemetryDays) },
    { kind: 'serverReportDigests', run: () => deleteCountedServerReports(database) },
  ];
}
