/**
 * What the suites about guessing passwords and the mailed sign-in code share: signing in from an
 * address, accounts, the failures the limiter counts, the codes mailed (guessing.test.ts,
 * signInCode.test.ts). Split in two files so the two halves run in parallel workers.
 */
import { SESSION_COOKIE } from '@storefront/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { registration } from '../../testing/accounts';
import { shopperSession, type ShopperSession } from '../../testing/shopperSession';
import type { TestApp } from '../../testing/testDatabases';
import { DEFAULT_LIMITS } from '../../limits';
import { WRONG_CREDENTIALS } from './authRoutes';

export const { perAddress, perAccount, codes, checksPerSession } = DEFAULT_LIMITS.login;

let counter = 0;
export function uniqueEmail(name: string): string {
  counter += 1;
  return `${name}.${process.pid}.${counter}@example.co.za`;
}

export interface SignIn {
  email: string;
  password: string;
  code?: string;
}

/** A sign-in from `address` (through the trusted proxy's X-Forwarded-For), by `browser` or a new one. */
export function signIn(ctx: TestApp, address: string, { email, password, code }: SignIn, browser: ShopperSession = shopperSession(ctx.app)): Promise<LightMyRequestResponse> {
  const payload = code === undefined ? { email, password } : { email, password, code };
  return browser.request({ method: 'POST', url: '/auth/login', payload, headers: { 'x-forwarded-for': address } });
}

export async function registerAccount(ctx: TestApp, name: string) {
  const account = registration(uniqueEmail(name));
  const response = await shopperSession(ctx.app).request({ method: 'POST', url: '/auth/register', payload: account });
  expect(response.statusCode).toBe(201);
  return account;
}

/** Failures as if made `secondsAgo`, straight into the table the limiter reads. */
export async function seedFailures(ctx: TestApp, rows: { email: string; address: string; secondsAgo?: number }[]): Promise<void> {
  for (const { email, address, secondsAgo = 0 } of rows) {
    await ctx.database.query(
      `INSERT INTO login_failures (email_key, address, failed_at) VALUES ($1, $2, clock_timestamp() - make_interval(secs => $3))`,
      [email, address, secondsAgo],
    );
  }
}

export async function failuresOf(ctx: TestApp, email: string, address?: string): Promise<number> {
  const result = await ctx.database.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM login_failures WHERE email_key = $1 AND ($2::text IS NULL OR address = $2)',
    [email, address ?? null],
  );
  return Number(result.rows[0]?.n);
}

/** The codes mailed to `email` so far, oldest first (the test apps keep their mail in the outbox). */
export async function mailedCodes(ctx: TestApp, email: string): Promise<string[]> {
  const mail = await ctx.database.query<{ subject: string; body: string }>('SELECT subject, text_body AS body FROM mail_outbox WHERE recipient = $1 ORDER BY id', [email]);
  return mail.rows.filter((row) => row.subject === 'Your Jacaranda sign-in code').map((row) => /Your code: (\d{6})/.exec(row.body)?.[1] ?? 'none');
}

/** A six-digit code that is none of `codes`. */
export function anotherCode(codes: readonly string[]): string {
  let code = 100_000;
  while (codes.includes(String(code))) code += 1;
  return String(code);
}

let networks = 0;

/**
 * `perAccount.max` wrong passwords for `email`, each from an address of its own in a network no
 * other call uses: the account is now being guessed.
 */
export async function guessFromEverywhere(ctx: TestApp, email: string): Promise<void> {
  networks += 1;
  for (let n = 0; n < perAccount.max; n += 1) {
    const answer = await signIn(ctx, `198.18.${networks}.${n + 1}`, { email, password: `guess ${n}` });
    expect(answer.json()).toEqual({ error: 'invalid_credentials', message: WRONG_CREDENTIALS });
  }
}

export function signedIn(answer: LightMyRequestResponse, email: string): void {
  expect(answer.statusCode).toBe(200);
  expect(answer.json<{ user: { email: string } }>().user.email).toBe(email);
  expect(answer.cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
}

export function notSignedIn(answer: LightMyRequestResponse, body: object): void {
  expect(answer.statusCode).toBe(401);
  expect(answer.json()).toEqual(body);
  expect(answer.cookies.map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
}
