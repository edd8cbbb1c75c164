import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/database';
import type { SignInCodeLimits } from '../../limits';
import type { Mailer } from '../../mail/mailer';
import { signInCodeMail } from '../../mail/signInCodeMail';
import { countHit } from '../../plugins/rateLimits';
import type { UserRow } from '../../identity/users';

/**
 * One-time sign-in codes: the second step an account asks for while its password is being
 * guessed (modules/accounts/throttle.ts). A code is six random digits, mailed to the account's owner only
 * after the right password; it is stored hashed, works once, for `validSeconds`, and
 * `wrongTries` wrong codes (each sent with the right password) spend every live code of the
 * account. Whoever does not know the password cannot get a code mailed, nor spend the owner's.
 *
 * An account is mailed at most `mails.max` codes in the window, whoever asks: the owner's inbox
 * cannot be flooded, and past it the sign-in answer stays the same, so it tells nothing.
 */

function newSignInCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * A code's hash, salted with its account: a leaked table hands out no code directly, nor one
 * precomputed table for every account. (Six digits are quickly tried against a hash; the code
 * is worth nothing without the password, and nothing at all after its minutes.)
 */
function hashSignInCode(userId: string, code: string): Buffer {
  return createHash('sha256').update(`${userId}:${code}`).digest();
}

export interface SignInCodeMailing {
  database: Database;
  mail: Mailer;
  limits: SignInCodeLimits;
  /** Where the mail's "choose a new password" link goes. */
  storefrontUrl: string;
}

/** Mails the account's owner a new code, unless the account has been mailed its fill for the window. */
export async function mailSignInCode({ database, mail, limits, storefrontUrl }: SignInCodeMailing, user: UserRow): Promise<void> {
  const mailed = await countHit(database, `sign-in-code-mail:${user.id}`, limits.mails.windowSeconds * 1000);
  if (mailed.current > limits.mails.max) return;
  const code = newSignInCode();
  await database.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO sign_in_codes (user_id, code_hash, expires_at) VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3))`,
      [user.id, hashSignInCode(user.id, code).toString('hex'), limits.validSeconds],
    );
    await mail.send(tx, {
      to: user.email,
      ...signInCodeMail({
        firstName: user.first_name,
        code,
        validForMinutes: Math.round(limits.validSeconds / 60),
        forgotPasswordUrl: new URL('/forgot-password', storefrontUrl).toString(),
        shop: mail.shop,
      }),
    });
  });
}

/**
 * Whether `code` is one of the account's live codes (unexpired, not spent by wrong tries). The
 * right one is spent, and the account's other codes with it; a wrong one counts against every
 * live code. The live codes are locked first, so two requests with one code cannot both use it.
 */
export async function spendSignInCode(database: Database, limits: SignInCodeLimits, userId: string, code: string): Promise<boolean> {
  const given = hashSignInCode(userId, code);
  return database.transaction(async (tx) => {
    const live = await tx.query<{ id: string; code_hash: string }>(
      `SELECT id::text AS id, code_hash FROM sign_in_codes
       WHERE user_id = $1 AND expires_at > clock_timestamp() AND wrong_tries < $2
       ORDER BY id FOR UPDATE`,
      [userId, limits.wrongTries],
    );
    if (live.rows.some((row) => timingSafeEqual(Buffer.from(row.code_hash, 'hex'), given))) {
      await tx.query('DELETE FROM sign_in_codes WHERE user_id = $1', [userId]);
      return true;
    }
    await tx.query('UPDATE sign_in_codes SET wrong_tries = wrong_tries + 1 WHERE id = ANY($1::bigint[])', [live.rows.map((row) => row.id)]);
    return false;
  });
}
