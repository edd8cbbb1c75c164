/**
 * How much one client can make the api do: the numbers in one place. buildApp takes overrides
 * (`limits`), merged over these defaults limit by limit; tests shrink or widen them there.
 *
 * Every count is kept in the database (see plugins/rateLimits.ts and modules/accounts/throttle.ts), so it
 * holds across several api processes on one database. Addresses are counted by
 * `clientAddressKey` (an IPv6 client by its /64).
 */

/** At most `max` in a window of `windowSeconds`. */
export interface WindowLimit {
  max: number;
  windowSeconds: number;
}

export interface LoginLimits {
  /**
   * Failed sign-ins from one address across all accounts; past it that address waits for the
   * window. Someone trying one password on many accounts stops; a carrier's address shared by
   * many shoppers can live with it.
   */
  perAddress: WindowLimit;
  /**
   * Failed sign-ins of one account from all addresses; past it, signing in to the account also
   * takes a one-time code mailed to its owner (modules/accounts/throttle.ts). Nobody is refused: the owner
   * gets in with the code, a guesser without the mailbox learns nothing more.
   */
  perAccount: WindowLimit;
  /** The mailed sign-in codes (modules/accounts/signInCodes.ts). */
  codes: SignInCodeLimits;
  /**
   * Password checks by one signed-in session (the password asked again before changing it,
   * downloading the account's data or deleting the account), right ones included: a session
   * left open on a shared computer cannot be used to guess the password.
   */
  checksPerSession: WindowLimit;
}

export interface SignInCodeLimits {
  /** How long a mailed code works. */
  validSeconds: number;
  /** Wrong codes (with the right password) that spend the account's live codes. */
  wrongTries: number;
  /** Codes mailed to one account; past it the answer is the same, but nothing is sent. */
  mails: WindowLimit;
}

/** What one client can make the small pictures' WebP encoder do (modules/pictures/webp.ts). */
export interface EncoderLimits {
  /** Encoded pictures kept, the least recently asked for let go first (about 3 KB each). */
  kept: number;
  /** Encodes at once (each on one of libuv's threads). */
  atOnce: number;
  /** Encodes waiting for a turn; one more is not queued. */
  waitingMax: number;
}

export interface HashingLimits {
  /** Password hashes computed at once (scrypt: 128 MiB and ~350 ms each). */
  concurrency: number;
  /** Hashes waiting for a turn; one more is refused with 503 rather than queued. */
  maxWaiting: number;
  /** Retry-After of that 503. */
  retryAfterSeconds: number;
}

/**
 * How long data that stops mattering is kept before the sweep deletes it (cleanup/expireData.ts).
 * Sessions, reset links, sign-in codes, rate-limit counters and sign-in failures need no setting: they go once
 * they have expired or their window has passed.
 */
export interface RetentionLimits {
  /**
   * A shopper with no account and no orders, with its cart and wishlist, after this many days
   * without a change. Its cookie lasts a year; past this the browser starts an empty cart.
   */
  anonymousShopperDays: number;
  /**
   * An order's Idempotency-Key: a retry within this many hours gets the order it placed; after
   * it, the same key places a new order. Clients retry within minutes.
   */
  idempotencyKeyHours: number;
  /**
   * A mail the server took (or one kept for the developer outbox), with its text: long enough to
   * answer "did my order's mail go?", short enough that reset links do not pile up.
   */
  sentMailDays: number;
  /**
   * A failed mail, counted from when it failed (one still being retried, from the end of its retry
   * window): operators have this long to look at it and send it again.
   */
  failedMailDays: number;
  /**
   * Page views' health reports and the edge's failed renders (telemetry/), and the abort worker's
   * judgements of canaries: long enough to compare this month's releases.
   */
  telemetryDays: number;
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
  /**
   * POST /auth/password per address: each new password is judged before anything else
   * (modules/accounts/passwordStrength.ts), up to ~0.15 s of the api's own time, and a weak one costs
   * no sign-in attempt, so only this bounds it.
   */
  changePassword: WindowLimit;
  /** POST /newsletter per address. */
  newsletter: WindowLimit;
  /**
   * Newsletter confirmation mails to one inbox, whoever asks (the footer's form or the checkout's
   * box) and from wherever; past it the answer is the same, but nothing is sent.
   */
  newsletterPerEmail: WindowLimit;
  /** POST /contact-messages per address. */
  contact: WindowLimit;
  /** POST /orders/lookup per address: a guest looking up an order by number and email. */
  orderLookup: WindowLimit;
  /**
   * POST /telemetry per address: a browser sends one report per page view, so this is a few
   * dozen busy shoppers' pages a minute behind one address (a mobile carrier puts many behind
   * each). Past it reports are dropped (429), which costs the canary's judgement some page views
   * and nothing else.
   */
  telemetry: WindowLimit;
  /** Saved delivery addresses one account may hold. */
  addressesPerAccount: number;
  /** Different lines (product, colour, size) one cart may hold. */
  cartLines: number;
  /** The small pictures' WebP encoder (modules/pictures/webp.ts): what it keeps, runs at once and queues. */
  pictures: EncoderLimits;
  /** How often expired data is deleted (spent counters, old sign-in failures, `retention`). */
  sweepIntervalSeconds: number;
  retention: RetentionLimits;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const DEFAULT_LIMITS: ApiLimits = {
  login: {
    perAddress: { max: 100, windowSeconds: 15 * MINUTE },
    perAccount: { max: 5, windowSeconds: 15 * MINUTE },
    // A code is six digits: 5 wrong tries on each of 5 codes an hour is 25 in a million.
    codes: { validSeconds: 15 * MINUTE, wrongTries: 5, mails: { max: 5, windowSeconds: HOUR } },
    checksPerSession: { max: 5, windowSeconds: 15 * MINUTE },
  },
  hashing: { concurrency: 2, maxWaiting: 32, retryAfterSeconds: 2 },
  register: { max: 30, windowSeconds: HOUR },
  forgotPasswordPerAddress: { max: 30, windowSeconds: 15 * MINUTE },
  forgotPasswordPerEmail: { max: 3, windowSeconds: HOUR },
  resetPassword: { max: 30, windowSeconds: 15 * MINUTE },
  changePassword: { max: 30, windowSeconds: 15 * MINUTE },
  newsletter: { max: 10, windowSeconds: 10 * MINUTE },
  newsletterPerEmail: { max: 3, windowSeconds: HOUR },
  contact: { max: 10, windowSeconds: 10 * MINUTE },
  // A shopper mistypes a few times; guessing numbers and emails needs thousands.
  orderLookup: { max: 10, windowSeconds: 10 * MINUTE },
  telemetry: { max: 600, windowSeconds: MINUTE },
  addressesPerAccount: 20,
  cartLines: 100,
  // The seed's catalogue has some 200 small pictures; a picture past the queue goes as its SVG.
  pictures: { kept: 4096, atOnce: 2, waitingMax: 48 },
  sweepIntervalSeconds: 60,
  retention: { anonymousShopperDays: 30, idempotencyKeyHours: 24, sentMailDays: 7, failedMailDays: 30, telemetryDays: 30 },
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

/**
 * The environment variables that change a limit, for operators (docs/operations.md lists them
 * with their defaults). A window limit is written as a count per duration, `30/1h`, `5/15m`,
 * `10/600s`; a cap or a size as a whole number. Every variable is checked at start; a bad value
 * stops the api with a message naming it (settings.ts).
 */
export type LimitVariable =
  | { name: string; kind: 'window'; path: readonly string[] }
  | { name: string; kind: 'count'; path: readonly string[]; min: number; max: number };

export const LIMIT_VARIABLES: readonly LimitVariable[] = [
  { name: 'LIMIT_LOGIN_PER_ADDRESS', kind: 'window', path: ['login', 'perAddress'] },
  { name: 'LIMIT_LOGIN_PER_ACCOUNT', kind: 'window', path: ['login', 'perAccount'] },
  { name: 'LIMIT_SIGN_IN_CODE_MAILS', kind: 'window', path: ['login', 'codes', 'mails'] },
  { name: 'LIMIT_PASSWORD_CHECKS_PER_SESSION', kind: 'window', path: ['login', 'checksPerSession'] },
  { name: 'LIMIT_REGISTER', kind: 'window', path: ['register'] },
  { name: 'LIMIT_FORGOT_PASSWORD_PER_ADDRESS', kind: 'window', path: ['forgotPasswordPerAddress'] },
  { name: 'LIMIT_FORGOT_PASSWORD_PER_EMAIL', kind: 'window', path: ['forgotPasswordPerEmail'] },
  { name: 'LIMIT_RESET_PASSWORD', kind: 'window', path: ['resetPassword'] },
  { name: 'LIMIT_CHANGE_PASSWORD', kind: 'window', path: ['changePassword'] },
  { name: 'LIMIT_NEWSLETTER', kind: 'window', path: ['newsletter'] },
  { name: 'LIMIT_NEWSLETTER_PER_EMAIL', kind: 'window', path: ['newsletterPerEmail'] },
  { name: 'LIMIT_CONTACT', kind: 'window', path: ['contact'] },
  { name: 'LIMIT_ORDER_LOOKUP', kind: 'window', path: ['orderLookup'] },
  { name: 'LIMIT_TELEMETRY', kind: 'window', path: ['telemetry'] },
  { name: 'HASHING_CONCURRENCY', kind: 'count', path: ['hashing', 'concurrency'], min: 1, max: 64 },
  { name: 'HASHING_MAX_WAITING', kind: 'count', path: ['hashing', 'maxWaiting'], min: 0, max: 10_000 },
  { name: 'MAX_ADDRESSES_PER_ACCOUNT', kind: 'count', path: ['addressesPerAccount'], min: 1, max: 1_000 },
  { name: 'MAX_CART_LINES', kind: 'count', path: ['cartLines'], min: 1, max: 10_000 },
  // At least a day: ensureShopper marks a shopper active at most once an hour (plugins/shopper.ts).
  { name: 'RETAIN_ANONYMOUS_SHOPPERS_DAYS', kind: 'count', path: ['retention', 'anonymousShopperDays'], min: 1, max: 3_650 },
  { name: 'RETAIN_IDEMPOTENCY_KEYS_HOURS', kind: 'count', path: ['retention', 'idempotencyKeyHours'], min: 1, max: 8_760 },
  { name: 'RETAIN_SENT_MAIL_DAYS', kind: 'count', path: ['retention', 'sentMailDays'], min: 1, max: 3_650 },
  { name: 'RETAIN_FAILED_MAIL_DAYS', kind: 'count', path: ['retention', 'failedMailDays'], min: 1, max: 3_650 },
  { name: 'RETAIN_TELEMETRY_DAYS', kind: 'count', path: ['retention', 'telemetryDays'], min: 1, max: 3_650 },
];

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: MINUTE, h: HOUR, d: 24 * HOUR };

/** `30/1h` as a WindowLimit, or null when it is not one (at least 1 per 1 second, at most 30 days). */
export function parseWindowLimit(value: string): WindowLimit | null {
  const match = /^(\d{1,7})\s*\/\s*(\d{1,7})\s*([smhd])$/.exec(value.trim());
  if (!match) return null;
  const max = Number(match[1]);
  const windowSeconds = Number(match[2]) * (UNIT_SECONDS[match[3] as string] as number);
  return max >= 1 && windowSeconds >= 1 && windowSeconds <= 30 * 24 * HOUR ? { max, windowSeconds } : null;
}

/** A WindowLimit as its variable would give it: `30/1h`. */
export function formatWindowLimit({ max, windowSeconds }: WindowLimit): string {
  if (windowSeconds % HOUR === 0) return `${max}/${windowSeconds / HOUR}h`;
  if (windowSeconds % MINUTE === 0) return `${max}/${windowSeconds / MINUTE}m`;
  return `${max}/${windowSeconds}s`;
}

/**
 * The overrides the environment gives (LIMIT_VARIABLES), and what is wrong with any of them.
 * `given` reads a variable, blank counting as unset.
 */
export function limitOverridesFrom(given: (name: string) => string | undefined): { overrides: LimitOverrides; problems: string[] } {
  const overrides: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const variable of LIMIT_VARIABLES) {
    const value = given(variable.name);
    if (value === undefined) continue;
    let parsed: unknown;
    if (variable.kind === 'window') {
      parsed = parseWindowLimit(value);
      if (parsed === null) problems.push(`${variable.name} must be a count per duration such as 30/1h, 5/15m or 10/600s, got "${value}"`);
    } else {
      const number = Number(value);
      parsed = /^\d+$/.test(value) && number >= variable.min && number <= variable.max ? number : null;
      if (parsed === null) problems.push(`${variable.name} must be a whole number from ${variable.min} to ${variable.max}, got "${value}"`);
    }
    if (parsed === null) continue;
    let node = overrides;
    variable.path.slice(0, -1).forEach((key) => {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    });
    node[variable.path[variable.path.length - 1] as string] = parsed;
  }
  return { overrides: overrides as LimitOverrides, problems };
}
