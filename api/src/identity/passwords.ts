import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * The scrypt engine. Routes never call it directly: every hash goes through the bounded queue of
 * identity/hashQueue.ts (`PasswordHashing`, `app.passwordHashing`), which keeps a burst from piling up
 * 128 MiB hashes.
 */

/** scrypt's cost parameters; every hash records its own, so a hash made at any cost verifies. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's Password Storage Cheat Sheet for scrypt: N = 2^17, r = 8, p = 1. That needs 128 MiB,
 * above Node's 32 MiB default, hence maxmem. What the api always uses; only test apps that are
 * not about hashing pass buildApp a cheaper cost, to keep the suite quick.
 */
export const OWASP_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const MAX_MEMORY = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEMORY });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of nothing anyone knows, at `cost`: checking a password against it spends the time a
 * real check would when the email is unknown, so the answer's timing does not tell whether an
 * account exists. Made once per PasswordHashing.
 */
export function unknownAccountHash(cost: ScryptCost): Promise<string> {
  return hashPassword('not a real password, only here to take the time of one', cost);
}
