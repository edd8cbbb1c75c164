import type { Database, Queryable } from '../db/database';
import type { LoginLimits } from '../limits';
import { ApiFailure, apiError } from '../plugins/errors';
import { waitInWords } from '../plugins/rateLimits';
import { isHashingBusy } from './hashQueue';

/**
 * Password guessing, bounded without locking out the owner or a whole carrier (issue 29 §2).
 *
 * A sign-in attempt is reserved before its password is hashed: a row in login_failures, written
 * in the same transaction that found the attempt allowed, under advisory locks on the account
 * and the address, so attempts still being hashed count and 60 parallel guesses get at most the
 * allowed few checked. The row stays as the failure when the password is wrong; the right
 * password clears its pair's rows (so a shopper's typos do not count against their carrier's
 * address); an attempt refused before any hash (a full hashing queue) gives its row back.
 *
 * An attempt of account E from address A is refused (429, Retry-After) when
 * - the pair (E, A) has `perAccountAndAddress.max` failures in its window (5 in 15 minutes),
 *   until the oldest of them leaves it;
 * - A has `perAddress.max` failures across all accounts in its window (100 in 15 minutes), so
 *   an address guessing across many accounts stops, while a shop's NAT or a carrier's address
 *   shared by many shoppers still works; or
 * - E has `accountDelay.after` or more failures in the window from all addresses, and A is one
 *   of them: A then waits 2^(failures − after) seconds after E's latest failure (capped). An
 *   address that has not failed on E is never held up by E's count, so the owner's right
 *   password from their own phone still signs in while someone guesses from elsewhere, and an
 *   attacker spread over many addresses slows down as the account's count grows. (What a
 *   botnet of fresh addresses gets, one guess each, is bounded by the hashing queue and by each
 *   address's own limit, not by locking the owner out.)
 *
 * Unknown emails are counted like real ones, so the limits say nothing about who has an account.
 */

export type LoginReservation = { allowed: true; attemptId: string } | { allowed: false; retryAfterSeconds: number };

/** Advisory lock classes (the two-key form, apart from the single-key locks elsewhere). */
const ACCOUNT_LOCK = 29_001;
const ADDRESS_LOCK = 29_002;

interface Standing {
  pair_wait: number | string | null;
  address_wait: number | string | null;
  pair_recent: number | string;
  account_failures: number | string;
  since_account_failure: number | string | null;
}

/** Seconds before the account-wide delay lets address A try again (0: now). */
function accountDelaySeconds(limits: LoginLimits['accountDelay'], standing: Standing): number {
  const failures = Number(standing.account_failures);
  if (Number(standing.pair_recent) === 0 || failures < limits.after) return 0;
  const delay = Math.min(2 ** (failures - limits.after), limits.maxDelaySeconds);
  return delay - Number(standing.since_account_failure ?? delay);
}

/**
 * Reserves an attempt of `emailKey` from `address` (a clientAddressKey), or says how long to
 * wait. Locks are taken account first, then address, by every caller: no two can deadlock.
 */
export async function reserveLoginAttempt(db: Database, limits: LoginLimits, emailKey: string, address: string): Promise<LoginReservation> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [ACCOUNT_LOCK, emailKey]);
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [ADDRESS_LOCK, address]);
    const { perAccountAndAddress: pair, perAddress, accountDelay } = limits;
    const result = await tx.query<Standing>(
      `WITH now_ AS (SELECT clock_timestamp() AS t)
       SELECT
         (SELECT EXTRACT(EPOCH FROM f.failed_at + make_interval(secs => $3) - n.t) FROM login_failures f
            WHERE f.email_key = $1 AND f.address = $2 AND f.failed_at > n.t - make_interval(secs => $3)
            ORDER BY f.failed_at DESC OFFSET $4 - 1 LIMIT 1) AS pair_wait,
         (SELECT EXTRACT(EPOCH FROM f.failed_at + make_interval(secs => $5) - n.t) FROM login_failures f
            WHERE f.address = $2 AND f.failed_at > n.t - make_interval(secs => $5)
            ORDER BY f.failed_at DESC OFFSET $6 - 1 LIMIT 1) AS address_wait,
         (SELECT count(*) FROM login_failures f
            WHERE f.email_key = $1 AND f.address = $2 AND f.failed_at > n.t - make_interval(secs => $7)) AS pair_recent,
         (SELECT count(*) FROM login_failures f
            WHERE f.email_key = $1 AND f.failed_at > n.t - make_interval(secs => $7)) AS account_failures,
         (SELECT EXTRACT(EPOCH FROM n.t - max(f.failed_at)) FROM login_failures f
            WHERE f.email_key = $1 AND f.failed_at > n.t - make_interval(secs => $7)) AS since_account_failure
       FROM now_ n`,
      [emailKey, address, pair.windowSeconds, pair.max, perAddress.windowSeconds, perAddress.max, accountDelay.windowSeconds],
    );
    const standing = result.rows[0] as Standing;
    const wait = Math.max(Number(standing.pair_wait ?? 0), Number(standing.address_wait ?? 0), accountDelaySeconds(accountDelay, standing));
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait) };
    const inserted = await tx.query<{ id: string }>('INSERT INTO login_failures (email_key, address) VALUES ($1, $2) RETURNING id::text AS id', [
      emailKey,
      address,
    ]);
    return { allowed: true, attemptId: (inserted.rows[0] as { id: string }).id };
  });
}

/** The attempt was never checked (the hashing queue was full): it does not count. */
export async function releaseLoginAttempt(db: Queryable, attemptId: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE id = $1::bigint', [attemptId]);
}

/**
 * The right password: this account's failures from this address are forgiven. Its failures from
 * other addresses stay, so someone guessing elsewhere is not let off by the owner's sign-in.
 */
export async function clearLoginFailures(db: Queryable, emailKey: string, address: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email_key = $1 AND address = $2', [emailKey, address]);
}

/**
 * One password check under the limits above: the attempt of `emailKey` from `address` is
 * reserved (a 429 ApiFailure with Retry-After when it may not be made), `check` runs (the hash),
 * and the attempt then stays as a failure, is forgiven (right password) or given back (refused
 * by a full hashing queue before any hash: it was not a guess). Sign-in uses it, and so does
 * every form that asks a signed-in shopper for their password again (change password, data
 * download, account deletion): a stolen session cannot be used to guess the password faster.
 */
export async function checkPasswordAttempt(
  db: Database,
  limits: LoginLimits,
  emailKey: string,
  address: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const reservation = await reserveLoginAttempt(db, limits, emailKey, address);
  if (!reservation.allowed) {
    const seconds = reservation.retryAfterSeconds;
    throw new ApiFailure(429, apiError('too_many_attempts', `Too many password attempts. Try again in ${waitInWords(seconds)}.`), {
      'Retry-After': String(seconds),
    });
  }
  let matches: boolean;
  try {
    matches = await check();
  } catch (error) {
    if (isHashingBusy(error)) await releaseLoginAttempt(db, reservation.attemptId);
    throw error;
  }
  if (matches) await clearLoginFailures(db, emailKey, address);
  return matches;
}
