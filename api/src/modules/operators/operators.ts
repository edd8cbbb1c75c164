import type { Queryable } from '../../db/database';
import { emailKey } from '../../identity/users';

export type RoleOutcome = { kind: 'granted' | 'already' | 'revoked' | 'not_operator'; email: string } | { kind: 'no_account'; email: string };

/**
 * Makes the account with `email` an operator. Operators are accounts: one signs up in the store
 * like any shopper first, so the password is theirs alone and never passes through a script.
 */
export async function grantOperator(db: Queryable, email: string): Promise<RoleOutcome> {
  const was = await setRole(db, email, 'operator');
  if (!was) return { kind: 'no_account', email };
  return { kind: was.role === 'operator' ? 'already' : 'granted', email: was.email };
}

/** Takes the operator role away; the account stays a shopper's. */
export async function revokeOperator(db: Queryable, email: string): Promise<RoleOutcome> {
  const was = await setRole(db, email, 'shopper');
  if (!was) return { kind: 'no_account', email };
  return { kind: was.role === 'operator' ? 'revoked' : 'not_operator', email: was.email };
}

/** Gives the account with `email` the role: its email and the role it had before, or null when there is no such account. */
async function setRole(db: Queryable, email: string, role: 'shopper' | 'operator'): Promise<{ email: string; role: string } | null> {
  const updated = await db.query<{ email: string; role: string }>(
    `UPDATE users u SET role = $2, updated_at = now()
     FROM (SELECT id, role AS was FROM users WHERE email_key = $1 FOR UPDATE) old
     WHERE u.id = old.id RETURNING u.email, old.was AS role`,
    [emailKey(email), role],
  );
  return updated.rows[0] ?? null;
}

export async function listOperators(db: Queryable): Promise<{ email: string; name: string }[]> {
  const rows = await db.query<{ email: string; first_name: string; last_name: string }>(
    `SELECT email, first_name, last_name FROM users WHERE role = 'operator' ORDER BY email_key`,
  );
  return rows.rows.map((row) => ({ email: row.email, name: `${row.first_name} ${row.last_name}` }));
}
