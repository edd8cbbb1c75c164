import type { Queryable } from '../../db/database';
import { emailKey } from '../../identity/users';

export type RoleOutcome = { kind: 'granted' | 'already' | 'revoked' | 'not_operator'; email: string } | { kind: 'no_account'; email: string };

/**
 * Makes the account with `email` an operator, and with `catalogue` also gives it the catalogue
 * role (editing products, pictures and stock). Operators are accounts: one signs up in the store
 * like any shopper first, so the password is theirs alone and never passes through a script.
 */
export async function grantOperator(db: Queryable, email: string, catalogue = false): Promise<RoleOutcome> {
  const updated = await db.query<{ email: string; role: string; catalogue: boolean }>(
    `UPDATE users u SET role = 'operator', catalogue = u.catalogue OR $2, updated_at = now()
     FROM (SELECT id, role, catalogue FROM users WHERE email_key = $1 FOR UPDATE) old
     WHERE u.id = old.id RETURNING u.email, old.role, old.catalogue`,
    [emailKey(email), catalogue],
  );
  const was = updated.rows[0];
  if (!was) return { kind: 'no_account', email };
  const already = was.role === 'operator' && (!catalogue || was.catalogue);
  return { kind: already ? 'already' : 'granted', email: was.email };
}

/**
 * Takes the operator role away (the catalogue role with it): the account stays a shopper's. With
 * `catalogueOnly`, takes only the catalogue role; the account stays an operator.
 */
export async function revokeOperator(db: Queryable, email: string, catalogueOnly = false): Promise<RoleOutcome> {
  const updated = await db.query<{ email: string; role: string; catalogue: boolean }>(
    `UPDATE users u SET role = CASE WHEN $2 THEN u.role ELSE 'shopper' END, catalogue = false, updated_at = now()
     FROM (SELECT id, role, catalogue FROM users WHERE email_key = $1 FOR UPDATE) old
     WHERE u.id = old.id RETURNING u.email, old.role, old.catalogue`,
    [emailKey(email), catalogueOnly],
  );
  const was = updated.rows[0];
  if (!was) return { kind: 'no_account', email };
  const had = catalogueOnly ? was.catalogue : was.role === 'operator';
  return { kind: had ? 'revoked' : 'not_operator', email: was.email };
}

export async function listOperators(db: Queryable): Promise<{ email: string; name: string; catalogue: boolean }[]> {
  const rows = await db.query<{ email: string; first_name: string; last_name: string; catalogue: boolean }>(
    `SELECT email, first_name, last_name, catalogue FROM users WHERE role = 'operator' ORDER BY email_key`,
  );
  return rows.rows.map((row) => ({ email: row.email, name: `${row.first_name} ${row.last_name}`, catalogue: row.catalogue }));
}
