import { SESSION_COOKIE } from '@storefront/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { namedStatement, type Queryable } from '../db/database';
import { apiError } from '../schemas/errors';
import { clearCookie, readCookie, writeCookie } from './cookies';
import { hashToken, newToken, TOKEN_PATTERN } from './tokens';
import { toUser, USER_COLUMNS, type User, type UserRow } from './users';

const DAY_SECONDS = 24 * 60 * 60;
/** "Remember me": a 30-day cookie. Otherwise the cookie lasts as long as the browser session. */
export const REMEMBER_SECONDS = 30 * DAY_SECONDS;
/** A browser-session cookie has no end date, so the server gives its session one. */
const BROWSER_SESSION_SECONDS = DAY_SECONDS;

export interface SignedIn {
  user: User;
  /** The operator may also edit the catalogue (the catalogue role). */
  catalogue: boolean;
  shopperId: string;
  tokenHash: string;
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  const token = readCookie(request, SESSION_COOKIE)?.value;
  return token !== undefined && TOKEN_PATTERN.test(token) ? token : undefined;
}

// Run on every request of a signed-in shopper: kept planned (namedStatement).
const FIND_SIGNED_IN = namedStatement(
  'session.signedIn',
  `SELECT ${USER_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.token_hash = $1 AND s.expires_at > now()`,
);

/** The account a session cookie belongs to, if the session exists and has not expired. */
export async function findSignedIn(db: Queryable, token: string): Promise<SignedIn | null> {
  const tokenHash = hashToken(token);
  const result = await db.query<UserRow>(FIND_SIGNED_IN, [tokenHash]);
  const row = result.rows[0];
  return row ? { user: toUser(row), catalogue: row.catalogue, shopperId: row.shopper_id, tokenHash } : null;
}

/** A new session: a new id on every sign-in, so a cookie planted before sign-in is worthless. */
export async function createSession(db: Queryable, userId: string, remember: boolean): Promise<string> {
  const token = newToken();
  const lifetime = remember ? REMEMBER_SECONDS : BROWSER_SESSION_SECONDS;
  await db.query('DELETE FROM sessions WHERE expires_at <= now()');
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, remember, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [hashToken(token), userId, remember, lifetime],
  );
  return token;
}

/** Set once the session is committed: a rolled-back sign-in must not leave a cookie behind. */
export function setSessionCookie(reply: FastifyReply, token: string, remember: boolean): void {
  writeCookie(reply, SESSION_COOKIE, token, remember ? REMEMBER_SECONDS : undefined);
}

export async function endSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

/** Clears the session cookie under the name(s) the browser sent it by. */
export function clearSessionCookie(reply: FastifyReply): void {
  clearCookie(reply, SESSION_COOKIE);
}

/** The signed-in shopper, or a 401 `not_signed_in` already sent (the route then returns the reply). */
export function requireSignedIn(request: FastifyRequest, reply: FastifyReply): User | null {
  if (request.signedIn) return request.signedIn.user;
  void reply.code(401).send(apiError('not_signed_in', 'Sign in first.'));
  return null;
}
