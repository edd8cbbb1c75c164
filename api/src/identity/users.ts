import type { Static, UserSchema } from '@storefront/contracts';
import type { Queryable } from '../db/database';

/** What the api says about an account (the contracts' UserSchema, shared `User`); never the password hash. */
export type User = Static<typeof UserSchema>;

export interface UserRow extends Omit<User, 'created_at' | 'operator'> {
  created_at: Date | string;
  shopper_id: string;
  password_hash: string;
  role: 'shopper' | 'operator';
  /** An operator who may also edit the catalogue (/operator/products). */
  catalogue: boolean;
}

export const USER_COLUMNS = 'u.id, u.email, u.first_name, u.last_name, u.phone, u.created_at, u.shopper_id, u.password_hash, u.role, u.catalogue';

/** How an email identifies an account: trimmed and lowercased. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    created_at: new Date(row.created_at).toISOString(),
    operator: row.role === 'operator',
  };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const result = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email_key = $1`, [emailKey(email)]);
  return result.rows[0] ?? null;
}
