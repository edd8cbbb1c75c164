import type { Database, Queryable } from '../../db/database';
import type { LoginLimits } from '../../limits';
import { ApiFailure, apiError } from '../../schemas/errors';
import { waitInWords } from '../../plugins/rateLimits';
import { isHashingBusy } from '../../identity/hashQueue';

/**
 * Password guessing at sign-in, bounded without a lock that anyone can put on an account's owner,
 * or on everyone behind a carrier's address.
 *
 * A sign-in attempt is reserved before its password is hashed: a row in login_failures, written
 * in the same transaction that found the attempt allowed, under advisory locks on the account
 * and the address, so attempts still being hashed count. The row stays as the failure unless the
 * attempt signs in; an attempt refused before any hash (a full hashing queue) gives its row back.
 *
 * - An address with `perAddress.max` failures across all accounts in its window (100 in 15
 *   minutes) waits (429, Retry-After) until the oldest leaves it: an address trying passwords on
 *   many accounts stops, while a carrier's address shared by many shoppers works on.
 * - An account with `perAccount.max` failures in its window from all addresses (5 in 15 minutes)
 *   is being guessed: signing in to it then also takes a one-time code, mailed to its owner only
 *   when the password is right (modules/accounts/signInCodes.ts). Nobody is refused, so whoever shares the
 *   owner's address cannot lock the owner out, and a guesser who changes address for each try
 *   meets the code as surely as one who does not.
 *
 * While the code is asked for, nothing a guesser can see may depend on whether the password was
 * right: the answer to a right and a wrong one is the same, the attempt stays counted either way
 * (so no count, the address's included, tells them apart later), and only the owner's mailbox
 * hears the difference. Otherwise a guesser would go on guessing "past" the code and read the
 * password off the answers.
 *
 * Without the code, the right password clears the account's failures from its own address, so a
 * shopper's typos do not count against their carrier's address; failures from other addresses
 * stay. Unknown emails are counted like real ones, so the limits say nothing about who has an
 * account.
 */

export type LoginReservation =
  | {
      allowed: true;
      attemptId: string;
      /** The account already had `perAccount.max` failures in the window: this attempt needs a mailed code. */
      codeRequired: boolean;
    }
  | { allowed: false; retryAfterSeconds: number };

/** Advisory lock classes (the two-key form, apart from the single-key locks elsewhere). */
const ACCOUNT_LOCK = 29_001;
const ADDRESS_LOCK = 29_002;

interface Standing {
  address_wait: number | string | null;
  account_failures: number | string;
}

/**
 * Reserves an attempt of `emailKey` from `address` (a clientAddressKey), or says how long to
 * wait. Locks are taken account first, then address, by every caller: no two can deadlock. The
 * account's lock makes its count and the new row one step, so of attempts made at once exactly
 * the first `perAccount.max` go without a code.
 */
export async function reserveLoginAttempt(db: Database, limits: LoginLimits, emailKey: string, address: string): Promise<LoginReservation> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [ACCOUNT_LOCK, emailKey]);
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [ADDRESS_LOCK, address]);
    const { perAddress, perAccount } = limits;
    const result = await tx.query<Standing>(
      `WITH now_ AS (SELECT clock_timestamp() AS t)
       SELECT
         (SELECT EXTRACT(EPOCH FROM f.failed_at + make_interval(secs => $3) - n.t) FROM login_failures f
            WHERE f.address = $2 AND f.failed_at > n.t - make_interval(secs => $3)
            ORDER BY f.failed_at DESC OFFSET $4 - 1 LIMIT 1) AS address_wait,
         (SELECT count(*) FROM login_failures f
            WHERE f.email_key = $1 AND f.failed_at > n.t - make_interval(secs => $5)) AS account_failures
       FROM now_ n`,
      [emailKey, address, perAddress.windowSeconds, perAddress.max, perAccount.windowSeconds],
    );
    const standing = result.rows[0] as Standing;
    const wait = Number(standing.address_wait ?? 0);
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait) };
    const inserted = await tx.query<{ id: string }>('INSERT INTO login_failures (email_key, address) VALUES ($1, $2) RETURNING id::text AS id', [
      emailKey,
      address,
    ]);
    return {
      allowed: true,
      attemptId: (inserted.rows[0] as { id: string }).id,
      codeRequired: Number(standing.account_failures) >= perAccount.max,
    };
  });
}

/** The attempt does not count: it was never checked (a full hashing queue), or it signed in. */
export async function releaseLoginAttempt(db: Queryable, attemptId: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE id = $1::bigint', [attemptId]);
}

/**
 * The right password, with no code asked for: this account's failures from this address are
 * forgiven. Its failures from other addresses stay, so someone guessing elsewhere is not let off
 * by the owner's sign-in.
 */
export async function clearLoginFailures(db: Queryable, emailKey: string, address: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email_key = $1 AND address = $2', [emailKey, address]);
}

export interface PasswordAttempt {
  matches: boolean;
  /** The account is being guessed: signing in takes a mailed code as well, and the answer must not depend on `matches`. */
  codeRequired: boolean;
  attemptId: string;
}

/**
 * One sign-in's password check under the limits above: the attempt of `emailKey` from `address`
 * is reserved (a 429 ApiFailure with Retry-After when the address must wait), `check` runs (the
 * hash), and the attempt then stays as a failure, is given back (refused by a full hashing queue
 * before any hash: it was not a guess), or, for the right password with no code asked for,
 * clears its address's failures. With a code asked for, the caller decides (signing in releases
 * the attempt).
 */
export async function checkPasswordAttempt(
  db: Database,
  limits: LoginLimits,
  emailKey: string,
  address: string,
  check: () => Promise<boolean>,
): Promise<PasswordAttempt> {
  const reservation = await reserveLoginAttempt(db, limits, emailKey, address);
  if (!reservation.allowed) {
    const seconds = reservation.retryAfterSeconds;
    throw new ApiFailure(
      429,
      apiError('too_many_attempts', `Too many sign-in attempts from your connection. Try again in ${waitInWords(seconds)}.`),
      { 'Retry-After': String(seconds) },
    );
  }
  let matches: boolean;
  try {
    matches = await check();
  } catch (error) {
    if (isHashingBusy(error)) await releaseLoginAttempt(db, reservation.attemptId);
    throw error;
  }
  if (matches && !reservation.codeRequired) await clearLoginFailures(db, emailKey, address);
  return { matches, codeRequired: reservation.codeRequired, attemptId: reservation.attemptId };
}
