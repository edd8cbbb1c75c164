/**
 * How much one client can make the api do: the numbers in one place. buildApp takes overrides
 * (`limits`), merged over these defaults limit by limit; tests shrink or widen them there.
 *
 * Every count is kept in the database (see plugins/rateLimits.ts and auth/throttle.ts), so it
 * holds across several api processes on one database. Addresses are counted by
 * `clientAddressKey` (an IPv6 client by its /64).
 */

/** At most `max` in a window of `windowSeconds`. */
export interface WindowLimit {
  max: number;
  windowSeconds: number;
}

export interface LoginLimits {
  /** Failed sign-ins for one account from one address; past it that pair waits for the window. */
  perAccountAndAddress: WindowLimit;
  /** Failed sign-ins from one address across all accounts (a carrier's NAT can live with it). */
  perAddress: WindowLimit;
  /**
   * Account-wide: once the account has `after` failures in the window (from all addresses), an
   * address that has itself failed on it waits 2^(failures − after) seconds after the account's
   * latest failure, at most `maxDelaySeconds`. An address with no failure on the account is not
   * held up, so the owner signing in from their own phone gets in.
   */
  accountDelay: { after: number; windowSeconds: number; maxDelaySeconds: number };
}

export interface HashingLimits {
  /** Password hashes computed at once (scrypt: 128 MiB and ~350 ms each). */
  concurrency: number;
  /** Hashes waiting for a turn; one more is refused with 503 rather than queued. */
  maxWaiting: number;
  /** Retry-After of that 503. */
  retryAfterSeconds: number;
}

export interface ApiLimits {
  login: LoginLimits;
  hashing: HashingLimits;
  /** POST /auth/register per address: every request counts, refused ones too. */
  register: WindowLimit;
  /** POST /auth/forgot-password per address. */
  forgotPasswordPerAddress: WindowLimit;
  /** Reset mails per target email; past it the answer is still 202, but nothing is sent. */
  forgotPasswordPerEmail: WindowLimit;
  /** POST /auth/reset-password per address. */
  resetPassword: WindowLimit;
  /** POST /newsletter per address. */
  newsletter: WindowLimit;
  /** POST /contact-messages per address. */
  contact: WindowLimit;
  /** Saved delivery addresses one account may hold. */
  addressesPerAccount: number;
  /** Different lines (product, colour, size) one cart may hold. */
  cartLines: number;
  /** How often spent counters and old sign-in failures are deleted. */
  sweepIntervalSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const DEFAULT_LIMITS: ApiLimits = {
  login: {
    perAccountAndAddress: { max: 5, windowSeconds: 15 * MINUTE },
    perAddress: { max: 100, windowSeconds: 15 * MINUTE },
    accountDelay: { after: 5, windowSeconds: 15 * MINUTE, maxDelaySeconds: 15 * MINUTE },
  },
  hashing: { concurrency: 2, maxWaiting: 32, retryAfterSeconds: 2 },
  register: { max: 30, windowSeconds: HOUR },
  forgotPasswordPerAddress: { max: 30, windowSeconds: 15 * MINUTE },
  forgotPasswordPerEmail: { max: 3, windowSeconds: HOUR },
  resetPassword: { max: 30, windowSeconds: 15 * MINUTE },
  newsletter: { max: 10, windowSeconds: 10 * MINUTE },
  contact: { max: 10, windowSeconds: 10 * MINUTE },
  addressesPerAccount: 20,
  cartLines: 100,
  sweepIntervalSeconds: 60,
};

/** Overrides for buildApp: any limit, or any part of one, may be left out. */
export type LimitOverrides = DeepPartial<ApiLimits>;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge<T>(base: T, override: unknown): T {
  if (override === undefined) return base;
  if (!isRecord(base) || !isRecord(override)) return override as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) merged[key] = merge(base[key], value);
  return merged as T;
}

/** The defaults with `overrides` laid over them. */
export function resolveLimits(overrides: LimitOverrides = {}): ApiLimits {
  return merge(DEFAULT_LIMITS, overrides);
}
