import type { Queryable } from '../db/database';
import { emailKey } from '../auth/users';

export type RoleOutcome = { kind: 'granted' | 'already' | 'revoked' | 'not_operator'; email: string } | { kind: 'no_account'; email: string };

/**
 * Makes the account with `email` an operator. Operators are accounts: one signs up in the store
 * like any shopper first, so the password is theirs alone and never passes through a script.
 */
export async function grantOperator(db: Queryable, email: string): Promise<RoleOutcome> {
  const updated = await db.query<{ email: string; was: string }>(
    `UPDATE users u SET role = 'operator', updated_at = now()
     FROM (SELECT id, role AS was FROM users WHERE email_key = $1 FOR UPDATE) old
     WHERE u.id = old.id RETURNING u.email, old.was`,
    [emailKey(email)],
  );
  const row = updated.rows[0];
  if (!row) return { kind: 'no_account', email };
  return { kind: row.was === 'operator' ? 'already' : 'granted', email: row.email };
}

/** Takes the operator role away; the account stays a shopper's. */
export async function revokeOperator(db: Queryable, email: string): Promise<RoleOutcome> {
  const updated = await db.query<{ email: string; was: string }>(
    `UPDATE users u SET role = 'shopper', updated_at = now()
     FROM (SELECT id, role AS was FROM users WHERE email_key = $1 FOR UPDATE) old
     WHERE u.id = old.id RETURNING u.email, old.was`,
    [emailKey(email)],
  );
  const row = updated.rows[0];
  if (!row) return { kind: 'no_account', email };
  return { kind: row.was === 'operator' ? 'revoked' : 'not_operator', email: row.email };
}

export async function listOperators(db: Queryable): Promise<{ email: string; name: string }[]> {
  const rows = await db.query<{ email: string; first_name: string; last_name: string }>(
    `SELECT email, first_name, last_name FROM users WHERE role = 'operator' ORDER BY email_key`,
  );
  return rows.rows.map((row) => ({ email: row.email, name: `${row.first_name} ${row.last_name}` }));
}
