/**
 * What the api can be given, and what it takes when it is not given something: the types and
 * defaults of its settings. settings.ts reads them from the environment; app.ts hands them to
 * every plugin and module (they arrive as each one's options). Rules live with the code that
 * applies them; only the numbers they are given are here.
 */
import path from 'node:path';
import { ROOT } from '@storefront/release-state';
import type { EftAccount } from '@storefront/shared/types';
import type { FastifyServerOptions } from 'fastify';
import type { Database } from './db/database';
import type { ScryptCost } from './identity/passwords';
import type { LimitOverrides, WindowLimit } from './limits';
import type { MailAddress } from './mail/mailAddress';
import type { MailQueueSettings } from './mail/mailer';
import { SAMPLE_SHOP, type ShopDetails } from './shop/shopDetails';

/** How long /health waits for the database's answer before saying it is unavailable. */
export const DEFAULT_HEALTH_TIMEOUT_MS = 1_000;

/** Default payment window for EFT orders: three days. */
export const DEFAULT_PAYMENT_WINDOW_HOURS = 72;

/**
 * Orders that wait for payment: how many one shopper may hold at once, and how many one client
 * address may place in a window. Many shoppers share one address (a carrier's, an office's), so
 * the address is held to a rate, not a number held: a busy address is slowed, never closed.
 */
export interface UnpaidOrderLimits {
  perShopper: number;
  /** Orders placed from one address (an IPv6 /64) in the window, whatever became of them since. */
  placedPerAddress: WindowLimit;
}

export const DEFAULT_UNPAID_ORDER_LIMITS: UnpaidOrderLimits = { perShopper: 3, placedPerAddress: { max: 20, windowSeconds: 60 * 60 } };

export interface CanaryThresholds {
  /** CANARY_ERROR_MARGIN: how much worse than live (a fraction: 0.02 is 2 percentage points) the test looks for. */
  errorMargin: number;
  /** CANARY_ALPHA: the test's bound on aborting a canary no worse than live. */
  alpha: number;
  /** CANARY_INP_MARGIN_MS: how much worse the canary's p75 INP may be than live's. */
  inpMarginMs: number;
  /** CANARY_INP_MIN_SAMPLES: INP measurements each arm needs before INP is judged. */
  inpMinSamples: number;
}

export const DEFAULT_CANARY_THRESHOLDS: CanaryThresholds = { errorMargin: 0.02, alpha: 0.05, inpMarginMs: 100, inpMinSamples: 200 };

/** CANARY_CHECK_MS: how often the worker judges a running canary. */
export const DEFAULT_CANARY_CHECK_MS = 5_000;

/** How the api takes the storefront's health reports and judges a running canary (settings.ts reads them). */
export interface TelemetryOptions {
  /**
   * TELEMETRY_SECRET, shared with the edge: it signs the page-view tokens and the edge's own
   * reports. Null: telemetry is off (POST /telemetry answers 503) and no canary is judged.
   */
  secret: string | null;
  /** COMPOSITION_FILE: production's live composition file, whose running canary the worker judges and may end. */
  compositionFile: string;
  /** COMPOSITION_ENV: the environment whose composition this api judges (production unless said; the edge's). */
  compositionEnvironment?: string;
  /** DATABASE_URL, when the compositions are kept in PostgreSQL (the store's server) rather than files. */
  compositionDatabaseUrl?: string;
  thresholds: CanaryThresholds;
  /** CANARY_CHECK_MS: how often the worker judges a running canary. */
  checkMs: number;
}

/** The composition file the compose command and the edge use when COMPOSITION_FILE is not set. */
export const DEFAULT_COMPOSITION_FILE = path.join(ROOT, 'composition', 'composition.json');

export const TELEMETRY_OFF: TelemetryOptions = {
  secret: null,
  compositionFile: DEFAULT_COMPOSITION_FILE,
  thresholds: DEFAULT_CANARY_THRESHOLDS,
  checkMs: DEFAULT_CANARY_CHECK_MS,
};

export interface BuildAppOptions {
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * Which proxies' X-Forwarded-* to believe (client address, https). The api sits behind the
   * shell's proxy on the same machine, so loopback by default.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /**
   * The storefront's public address: links in mail; an https one makes the cookies `__Host-` and
   * Secure even on requests that do not say https; its origin may write (cross-site check).
   */
  storefrontUrl?: string;
  /** Production: request logging off unless asked for. */
  production?: boolean;
  /**
   * Keep mail in the database and list it at GET /dev/outbox. Off by default: the outbox shows
   * every password-reset link to whoever reads it. settings.ts allows it on loopback only.
   */
  devOutbox?: boolean;
  /**
   * The mail server that delivers the shop's mail (smtp://user:pass@host:587 or smtps://…).
   * Without one, mail is only kept in the developer outbox, or logged as not sent.
   */
  smtpUrl?: string | null;
  /** Who the shop's mail is from (mail/mailAddress.ts has the default). */
  mailFrom?: MailAddress;
  /** How the mail outbox is worked through: retry window, claims, polling (mail/mailer.ts has the defaults); tests move its clock. */
  mailQueue?: Partial<MailQueueSettings>;
  /** The shop's bank account; without one, EFT is not offered. */
  eft?: EftAccount | null;
  /** Who the shop is and its policy texts (settings.ts, SHOP_*); made-up samples unless given. */
  shop?: ShopDetails;
  /** How many unpaid orders one shopper may hold at once, and one client address may place in a window. */
  unpaidOrderLimits?: UnpaidOrderLimits;
  /** How long an EFT order waits for its payment before it expires (its shopper is mailed a day before). */
  paymentWindowHours?: number;
  /**
   * The hash of the token the api gave the command line on its machine (identity/machineCredential.ts);
   * without one, only signed-in operators reach /operator.
   */
  machineTokenHash?: string | null;
  /** What one client may make the api do (rate limits, caps, the hashing queue): limits.ts has the defaults. */
  limits?: LimitOverrides;
  /**
   * scrypt's cost for new hashes: OWASP's (identity/passwords.ts) unless given. Only tests pass a
   * cheaper one, and never the tests of hashing itself.
   */
  scryptCost?: ScryptCost;
  /**
   * Two info lines per request (received, completed). Off by default in production: at thousands
   * of requests a second they cost more than a product answered from memory.
   */
  logRequests?: boolean;
  /** How long /health waits for the database before answering 503 (DEFAULT_HEALTH_TIMEOUT_MS). */
  healthTimeoutMs?: number;
  /**
   * The storefront's health reports and the canary's abort worker (modules/telemetry): off unless a
   * secret is given. Tests give a composition file of their own and a long `checkMs`, and make
   * the worker's looks themselves (judgeCanaryOnce).
   */
  telemetry?: Partial<TelemetryOptions>;
  /**
   * Makes the pictures an import names in the background, one after another (on unless false);
   * tests that make them a step at a time turn it off (modules/catalogueFiles).
   */
  makePictures?: boolean;
}

/** The options with every default filled in: what plugins and modules are given. */
export type ApiOptions = Required<Omit<BuildAppOptions, 'mailFrom' | 'mailQueue' | 'scryptCost' | 'logger' | 'trustProxy'>> &
  Pick<BuildAppOptions, 'mailFrom' | 'mailQueue' | 'scryptCost'> & { telemetry: TelemetryOptions };

export function withDefaults(options: BuildAppOptions): ApiOptions {
  const production = options.production ?? false;
  return {
    ...options,
    storefrontUrl: options.storefrontUrl ?? 'http://localhost:8080',
    production,
    logRequests: options.logRequests ?? !production,
    devOutbox: options.devOutbox ?? false,
    smtpUrl: options.smtpUrl ?? null,
    eft: options.eft ?? null,
    shop: options.shop ?? SAMPLE_SHOP,
    unpaidOrderLimits: options.unpaidOrderLimits ?? DEFAULT_UNPAID_ORDER_LIMITS,
    paymentWindowHours: options.paymentWindowHours ?? DEFAULT_PAYMENT_WINDOW_HOURS,
    machineTokenHash: options.machineTokenHash ?? null,
    limits: options.limits ?? {},
    healthTimeoutMs: options.healthTimeoutMs ?? DEFAULT_HEALTH_TIMEOUT_MS,
    telemetry: { ...TELEMETRY_OFF, ...options.telemetry },
    makePictures: options.makePictures ?? true,
  };
}
