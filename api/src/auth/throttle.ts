import type { Queryable } from '../db/database';

/** More than five failed sign-ins in fifteen minutes, for an account or an address, and the next wait. */
export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 15 * 60;

/**
 * Seconds until another attempt may be made, or 0 when one may be made now. The wait ends when
 * the fifth most recent failure leaves the window.
 */
export async function secondsUntilAllowed(db: Queryable, emailKey: string, address: string): Promise<number> {
  const result = await db.query<{ wait: number | string | null }>(
    `SELECT GREATEST(
       (SELECT EXTRACT(EPOCH FROM failed_at + make_interval(secs => $3) - now()) FROM login_failures
          WHERE email_key = $1 AND failed_at > now() - make_interval(secs => $3)
          ORDER BY failed_at DESC OFFSET $4 - 1 LIMIT 1),
       (SELECT EXTRACT(EPOCH FROM failed_at + make_interval(secs => $3) - now()) FROM login_failures
          WHERE address = $2 AND failed_at > now() - make_interval(secs => $3)
          ORDER BY failed_at DESC OFFSET $4 - 1 LIMIT 1)
     ) AS wait`,
    [emailKey, address, WINDOW_SECONDS, MAX_FAILURES],
  );
  const wait = Number(result.rows[0]?.wait ?? 0);
  return wait > 0 ? Math.ceil(wait) : 0;
}

export async function recordFailure(db: Queryable, emailKey: string, address: string): Promise<void> {
  await db.query('INSERT INTO login_failures (email_key, address) VALUES ($1, $2)', [emailKey, address]);
  // Old failures only ever matter for fifteen minutes.
  await db.query(`DELETE FROM login_failures WHERE failed_at < now() - make_interval(secs => $1 * 4)`, [WINDOW_SECONDS]);
}

/** A successful sign-in clears the account's count; the address keeps its own. */
export async function clearFailures(db: Queryable, emailKey: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email_key = $1', [emailKey]);
}
