/**
 * The api's settings, read from the environment once at start. Every problem is reported at
 * once, by variable name, and the process refuses to start: a shop that runs half-configured
 * (a developer outbox on a public address, no bank account for EFT in production) loses
 * accounts or money quietly, and one that does not say who it is (SHOP_*) sells unlawfully.
 */
import path from 'node:path';
import { ENVIRONMENT_PATTERN, EnvironmentNameError, MIN_SECRET_LENGTH } from '@storefront/release-state';
import type { EftAccount } from '@storefront/shared/types';
import { DEFAULT_DATA_DIR, DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './db/database';
import { limitOverridesFrom, parseWindowLimit, type LimitOverrides, type WindowLimit } from './limits';
import { isLoopbackHost } from './net/loopback';
import { DEFAULT_MAIL_FROM, parseMailAddress, type MailAddress } from './mail/mailAddress';
import { DEFAULT_MAIL_QUEUE } from './mail/mailQueue';
import { readShopDetails, type ShopDetails } from './shop/shopDetails';
import {
  DEFAULT_CANARY_CHECK_MS,
  DEFAULT_CANARY_THRESHOLDS,
  DEFAULT_COMPOSITION_FILE,
  DEFAULT_HEALTH_TIMEOUT_MS,
  DEFAULT_PAYMENT_WINDOW_HOURS,
  DEFAULT_UNPAID_ORDER_LIMITS,
  type TelemetryOptions,
  type UnpaidOrderLimits,
} from './options';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Variables that no longer change anything, with what took their place. Set, the api still
 * starts and says so in its log, rather than taking a changed rule in silence.
 */
export const RETIRED_VARIABLES: readonly { name: string; instead: string }[] = [
  {
    name: 'UNPAID_ORDERS_PER_ADDRESS',
    instead: 'one address is now limited in the unpaid orders it places in a window, UNPAID_ORDERS_PLACED_PER_ADDRESS (such as 20/1h)',
  },
  {
    name: 'LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS',
    instead: 'an account with many failed sign-ins now asks for a code mailed to its owner, after LIMIT_LOGIN_PER_ACCOUNT failures (such as 5/15m)',
  },
  {
    name: 'LIMIT_LOGIN_ACCOUNT_DELAY_AFTER',
    instead: 'an account with many failed sign-ins now asks for a code mailed to its owner, after LIMIT_LOGIN_PER_ACCOUNT failures (such as 5/15m)',
  },
];

export interface ApiSettings {
  port: number;
  host: string;
  logLevel: (typeof LOG_LEVELS)[number];
  databaseUrl: string | undefined;
  dataDir: string;
  trustProxy: boolean | string;
  storefrontUrl: string;
  production: boolean;
  logRequests: boolean | undefined;
  /** Mail kept in the database and listed at GET /dev/outbox, for development on this machine only. */
  devOutbox: boolean;
  /** Where EFT payments go; null means the shop takes no EFT payments. */
  eft: EftAccount | null;
  /**
   * Who the shop is and its policy texts (SHOP_*), which GET /shop/disclosures gives shoppers;
   * made-up samples, marked as such, outside production while unset.
   */
  shop: ShopDetails;
  unpaidOrderLimits: UnpaidOrderLimits;
  /** EFT_PAYMENT_HOURS: how long an EFT order waits for its payment before it expires (a reminder goes a day before). */
  paymentWindowHours: number;
  /** Rate limits, caps and the hashing queue changed from their defaults (limits.ts, LIMIT_VARIABLES). */
  limits: LimitOverrides;
  /** The mail server that delivers the shop's mail (smtp:// or smtps://); null: no mail is sent. */
  smtpUrl: string | null;
  /** Who the shop's mail is from, and where replies go. */
  mailFrom: MailAddress;
  /**
   * MAIL_RETRY_HOURS: how long a mail the server does not take is tried again before it counts as
   * failed; MAIL_CLAIM_SECONDS: how long a sender may take over one mail before another api
   * process (or this one, restarted) sends it again.
   */
  mailQueue: { retryHours: number; claimSeconds: number };
  /** How long a PostgreSQL server may keep the api waiting (DATABASE_*_MS). */
  databaseTimeouts: DatabaseTimeouts;
  /** HEALTH_TIMEOUT_MS: how long /health waits for the database before answering 503. */
  healthTimeoutMs: number;
  /** SHUTDOWN_TIMEOUT_MS: after SIGTERM, how long closing may take before the process exits regardless. */
  shutdownTimeoutMs: number;
  /**
   * The storefront's health reports and the canary's abort worker: TELEMETRY_SECRET (unset: off,
   * in production too), COMPOSITION_FILE, COMPOSITION_ENV, and the canary's thresholds CANARY_*.
   */
  telemetry: TelemetryOptions;
  /** What the log says at start about the settings, such as a variable that is no longer read. */
  warnings: string[];
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 14_000;

/** The variables that give the shop's bank account (EFT_ACCOUNT_TYPE may be left out). */
export const EFT_VARIABLES = ['EFT_BANK', 'EFT_ACCOUNT_HOLDER', 'EFT_ACCOUNT_NUMBER', 'EFT_BRANCH_CODE'] as const;

export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The api cannot start:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

type Environment = Readonly<Record<string, string | undefined>>;

function given(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readBoolean(env: Environment, name: string, problems: string[]): boolean | undefined {
  const value = given(env, name);
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  problems.push(`${name} must be true or false, got "${value}"`);
  return undefined;
}

function readWholeNumber(env: Environment, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const value = given(env, name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
    return fallback;
  }
  return number;
}

/** A number written with digits and at most one decimal point, from `min` to `max`: 0.02, 5. */
function readDecimal(env: Environment, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const value = given(env, name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || number < min || number > max) {
    problems.push(`${name} must be a number from ${min} to ${max}, got "${value}"`);
    return fallback;
  }
  return number;
}

/**
 * TELEMETRY_SECRET and the canary's settings. The secret is never repeated in a message: only
 * its length is said.
 */
function readTelemetry(env: Environment, problems: string[]): TelemetryOptions {
  const secret = given(env, 'TELEMETRY_SECRET') ?? null;
  if (secret !== null && secret.length < MIN_SECRET_LENGTH) {
    problems.push(`TELEMETRY_SECRET must be at least ${MIN_SECRET_LENGTH} characters (the same as the edge's), got ${secret.length}`);
  }
  const file = given(env, 'COMPOSITION_FILE');
  const environment = given(env, 'COMPOSITION_ENV');
  if (environment !== undefined && !ENVIRONMENT_PATTERN.test(environment)) {
    problems.push(new EnvironmentNameError(environment, 'COMPOSITION_ENV').message);
  }
  const databaseUrl = given(env, 'DATABASE_URL');
  return {
    secret,
    compositionFile: file === undefined ? DEFAULT_COMPOSITION_FILE : path.resolve(file),
    ...(environment !== undefined && ENVIRONMENT_PATTERN.test(environment) ? { compositionEnvironment: environment } : {}),
    // With a PostgreSQL server, the compositions are kept there, as the compose command keeps them.
    ...(databaseUrl !== undefined ? { compositionDatabaseUrl: databaseUrl } : {}),
    thresholds: {
      errorMargin: readDecimal(env, 'CANARY_ERROR_MARGIN', DEFAULT_CANARY_THRESHOLDS.errorMargin, 0.001, 0.5, problems),
      alpha: readDecimal(env, 'CANARY_ALPHA', DEFAULT_CANARY_THRESHOLDS.alpha, 0.0001, 0.5, problems),
      inpMarginMs: readWholeNumber(env, 'CANARY_INP_MARGIN_MS', DEFAULT_CANARY_THRESHOLDS.inpMarginMs, 1, 60_000, problems),
      inpMinSamples: readWholeNumber(env, 'CANARY_INP_MIN_SAMPLES', DEFAULT_CANARY_THRESHOLDS.inpMinSamples, 1, 1_000_000, problems),
    },
    checkMs: readWholeNumber(env, 'CANARY_CHECK_MS', DEFAULT_CANARY_CHECK_MS, 50, 3_600_000, problems),
  };
}

function readWindowLimit(env: Environment, name: string, fallback: WindowLimit, problems: string[]): WindowLimit {
  const value = given(env, name);
  if (value === undefined) return fallback;
  const limit = parseWindowLimit(value);
  if (!limit) problems.push(`${name} must be a count per duration such as 20/1h, 5/15m or 10/600s, got "${value}"`);
  return limit ?? fallback;
}

function readUrl(env: Environment, name: string, fallback: string, problems: string[]): string {
  const value = given(env, name) ?? fallback;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return url.toString();
  } catch {
    problems.push(`${name} must be an http(s) URL such as https://shop.example.co.za, got "${value}"`);
    return fallback;
  }
}

/** `url` as a message may show it: its password, if any, replaced. */
export function withoutPassword(url: URL): string {
  const shown = new URL(url.toString());
  if (shown.password) shown.password = '***';
  return shown.toString();
}

/**
 * SMTP_URL: smtp://user:password@host:587 (upgraded with STARTTLS) or smtps://user:password@host:465
 * (TLS from the start), user and password percent-encoded. Unset, no mail is sent. A message
 * about it never repeats the password.
 */
function readSmtpUrl(env: Environment, problems: string[]): string | null {
  const value = given(env, 'SMTP_URL');
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push('SMTP_URL must be a URL such as smtp://user:password@mail.example.co.za:587 or smtps://user:password@mail.example.co.za:465');
    return null;
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    problems.push(`SMTP_URL must be smtp://host or smtps://host (with user:password@ and :port if the server needs them), got "${withoutPassword(url)}"`);
    return null;
  }
  return value;
}

function readMailFrom(env: Environment, problems: string[]): MailAddress {
  const value = given(env, 'MAIL_FROM');
  if (value === undefined) return DEFAULT_MAIL_FROM;
  const address = parseMailAddress(value);
  if (!address) problems.push(`MAIL_FROM must be one address, such as "Jacaranda <hello@jacaranda.co.za>" or hello@jacaranda.co.za, got ${JSON.stringify(value)}`);
  return address ?? DEFAULT_MAIL_FROM;
}

/** TRUST_PROXY: true, false, or addresses/ranges ("loopback", "10.0.0.0/8,127.0.0.1"); loopback by default. */
function readTrustProxy(env: Environment): boolean | string {
  const value = given(env, 'TRUST_PROXY');
  if (value === undefined) return 'loopback';
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/**
 * The shop's bank account, all or nothing: a confirmation that gives half an account sends
 * payments astray. Numbers are checked for shape only (South African branch codes are six
 * digits; account numbers 6 to 16), spaces allowed as people write them.
 */
function readEftAccount(env: Environment, problems: string[]): EftAccount | null {
  const missing = EFT_VARIABLES.filter((name) => given(env, name) === undefined);
  if (missing.length === EFT_VARIABLES.length) return null;
  if (missing.length > 0) {
    problems.push(`the shop's bank account for EFT is given only in part: also set ${missing.join(', ')}`);
    return null;
  }
  const read = (name: (typeof EFT_VARIABLES)[number] | 'EFT_ACCOUNT_TYPE') => {
    const value = given(env, name) ?? '';
    if (value.length > 100) problems.push(`${name} must be at most 100 characters`);
    return value;
  };
  const account: EftAccount = {
    bank: read('EFT_BANK'),
    account_holder: read('EFT_ACCOUNT_HOLDER'),
    account_number: read('EFT_ACCOUNT_NUMBER'),
    account_type: read('EFT_ACCOUNT_TYPE') || null,
    branch_code: read('EFT_BRANCH_CODE'),
  };
  const digits = (value: string) => value.replace(/[\s-]/g, '');
  if (!/^\d{6,16}$/.test(digits(account.account_number))) {
    problems.push(`EFT_ACCOUNT_NUMBER must be 6 to 16 digits, got "${account.account_number}"`);
  }
  if (!/^\d{6}$/.test(digits(account.branch_code))) problems.push(`EFT_BRANCH_CODE must be 6 digits, got "${account.branch_code}"`);
  return account;
}

export function readSettings(env: Environment): ApiSettings {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const port = readWholeNumber(env, 'API_PORT', 4000, 0, 65535, problems);
  const host = given(env, 'API_HOST') ?? '127.0.0.1';
  const level = given(env, 'LOG_LEVEL') ?? 'info';
  const logLevel = LOG_LEVELS.find((known) => known === level);
  if (!logLevel) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  const storefrontUrl = readUrl(env, 'STOREFRONT_URL', 'http://localhost:8080', problems);

  const devOutbox = readBoolean(env, 'DEV_OUTBOX', problems) ?? false;
  if (devOutbox) {
    // The outbox hands its reader every password-reset link: anyone who can reach it can take
    // over any account. It stays on this machine, for a developer.
    if (production) problems.push('DEV_OUTBOX=true is for development: it cannot be on with NODE_ENV=production');
    if (!isLoopbackHost(host)) problems.push(`DEV_OUTBOX=true needs the api on a loopback address (API_HOST=127.0.0.1), not "${host}"`);
    if (!isLoopbackHost(new URL(storefrontUrl).hostname)) {
      problems.push(`DEV_OUTBOX=true needs a localhost STOREFRONT_URL (the store is public at ${storefrontUrl})`);
    }
  }

  const eft = readEftAccount(env, problems);
  if (production && !eft) {
    problems.push(
      `NODE_ENV=production needs the shop's bank account, which order confirmations give EFT payers: set ${EFT_VARIABLES.join(', ')} (and EFT_ACCOUNT_TYPE if you like)`,
    );
  }

  const shop = readShopDetails((name) => given(env, name), production, problems);

  const limits = limitOverridesFrom((name) => given(env, name));
  problems.push(...limits.problems);

  const unpaidOrderLimits: UnpaidOrderLimits = {
    perShopper: readWholeNumber(env, 'UNPAID_ORDERS_PER_SHOPPER', DEFAULT_UNPAID_ORDER_LIMITS.perShopper, 1, 1000, problems),
    placedPerAddress: readWindowLimit(env, 'UNPAID_ORDERS_PLACED_PER_ADDRESS', DEFAULT_UNPAID_ORDER_LIMITS.placedPerAddress, problems),
  };
  const warnings = RETIRED_VARIABLES.filter(({ name }) => given(env, name) !== undefined).map(
    ({ name, instead }) => `${name} is no longer read: ${instead}`,
  );
  // The store has no delivery times of its own to fall back on: its default text says how an
  // order moves, not in how many days it arrives, which a shop selling online must tell.
  if (production && shop.policies.deliveryTimes === null) {
    warnings.push('SHOP_DELIVERY_TIMES is not set: the shop\'s disclosures say how an order moves but not how long delivery takes; set it, such as "We send orders within 2 working days; the courier delivers in 2 to 5 working days."');
  }

  const settings: ApiSettings = {
    port,
    host,
    logLevel: logLevel ?? 'info',
    databaseUrl: given(env, 'DATABASE_URL'),
    dataDir: given(env, 'DATA_DIR') ?? DEFAULT_DATA_DIR,
    trustProxy: readTrustProxy(env),
    storefrontUrl,
    production,
    logRequests: readBoolean(env, 'LOG_REQUESTS', problems),
    devOutbox,
    eft,
    shop,
    unpaidOrderLimits,
    paymentWindowHours: readWholeNumber(env, 'EFT_PAYMENT_HOURS', DEFAULT_PAYMENT_WINDOW_HOURS, 1, 90 * 24, problems),
    limits: limits.overrides,
    // Not required in production: a shop can take orders before its mail is set up (server.ts warns).
    smtpUrl: readSmtpUrl(env, problems),
    mailFrom: readMailFrom(env, problems),
    mailQueue: {
      // At least a day: a mail server down for a night must not cost a shopper their order's mail.
      retryHours: readWholeNumber(env, 'MAIL_RETRY_HOURS', DEFAULT_MAIL_QUEUE.retryHours, 24, 7 * 24, problems),
      claimSeconds: readWholeNumber(env, 'MAIL_CLAIM_SECONDS', DEFAULT_MAIL_QUEUE.claimSeconds, 1, 3_600, problems),
    },
    databaseTimeouts: {
      connectMs: readWholeNumber(env, 'DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_DATABASE_TIMEOUTS.connectMs, 100, 600_000, problems),
      statementMs: readWholeNumber(env, 'DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_DATABASE_TIMEOUTS.statementMs, 100, 3_600_000, problems),
      keepAliveMs: readWholeNumber(env, 'DATABASE_KEEPALIVE_MS', DEFAULT_DATABASE_TIMEOUTS.keepAliveMs, 1_000, 3_600_000, problems),
    },
    healthTimeoutMs: readWholeNumber(env, 'HEALTH_TIMEOUT_MS', DEFAULT_HEALTH_TIMEOUT_MS, 50, 60_000, problems),
    shutdownTimeoutMs: readWholeNumber(env, 'SHUTDOWN_TIMEOUT_MS', DEFAULT_SHUTDOWN_TIMEOUT_MS, 1_000, 600_000, problems),
    telemetry: readTelemetry(env, problems),
    warnings,
  };
  if (problems.length > 0) throw new SettingsError(problems);
  return settings;
}
