/**
 * The edge's own settings, read from the environment and checked before anything listens: every
 * problem is reported at once.
 */
import proxyAddr from '@fastify/proxy-addr';
import { DEFAULT_ENVIRONMENT, ENVIRONMENT_PATTERN, EnvironmentNameError } from '@storefront/release-state';
import { DEFAULT_GUEST_PAGE_TTL_MS } from './guestPages';
import { DEFAULT_SHOPPER_LISTS_MS } from './shopperLists';

export interface EdgeSettings {
  /** TRUST_PROXY: the proxies in front of the edge, as addresses or ranges; undefined: none. */
  trustProxy: string | undefined;
  /** API_TIMEOUT_MS: how long the api may take before the shopper gets a 504. */
  apiTimeoutMs: number;
  /** API_PROCESSES: how many api processes `npm start` runs behind the edge (several need DATABASE_URL). */
  apiProcesses: number;
  /** GUEST_PAGE_TTL_MS: how long a guest's server-rendered page is kept and shared (guestPages.ts); 0: never. */
  guestPageTtlMs: number;
  /** SHOPPER_LISTS_MS: how long the edge uses what the api said of a shopper's lists being empty (shopperLists.ts); 0: it asks every time. */
  shopperListsMs: number;
  /** RENDER_THREADS: how many threads draw pages off the edge's event loop (renderThreads.ts); 0: its own thread. */
  renderThreads: number;
  /**
   * RENDER_TIMEOUT_MS: a page's budget, how long a guest waits for its page's render before they
   * get the page's last good render (lastGoodPages.ts); the render goes on, and a page with none
   * waits for it, as a shopper's streamed page does (page.ts).
   */
  renderTimeoutMs: number;
  /** KNOWN_GOOD_AFTER: how long a checked composition must stay live, not rolled away, to be known good (a fallback). */
  knownGoodAfterMs: number;
  /** COMPOSITION_ENV: the environment whose composition the edge serves (production). */
  compositionEnvironment: string;
  /** COMPOSITION_READER_URL: PostgreSQL through a role that can only read compositions (with DATABASE_URL; unless said, one made per run). */
  compositionReaderUrl: string | undefined;
}

/** A composition that passed the checks is known good once it has stayed live this long without being rolled away. */
export const DEFAULT_KNOWN_GOOD_AFTER_MS = 30 * 60_000;
const MAX_KNOWN_GOOD_AFTER_MS = 7 * 24 * 60 * 60_000;
const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 60 * 60_000 };

/**
 * KNOWN_GOOD_AFTER as milliseconds: a duration such as `30m`, `90s`, `2h` or `500ms`, from 0 to 7
 * days (a bare number is minutes); the default when it is not set. One that is not such a duration
 * is added to `problems`.
 */
export function readKnownGoodAfter(env: NodeJS.ProcessEnv, problems: string[] = []): number {
  const raw = env.KNOWN_GOOD_AFTER?.trim();
  if (!raw) return DEFAULT_KNOWN_GOOD_AFTER_MS;
  const match = /^(\d{1,9})(ms|s|m|h)?$/.exec(raw);
  const value = match ? Number(match[1]) * (DURATION_UNITS[match[2] ?? 'm'] ?? 0) : NaN;
  if (match && value <= MAX_KNOWN_GOOD_AFTER_MS) return value;
  problems.push(`KNOWN_GOOD_AFTER must be a duration such as 30m, 90s or 2h, at most 7 days, got "${raw}"`);
  return DEFAULT_KNOWN_GOOD_AFTER_MS;
}

export const DEFAULT_RENDER_THREADS = 1;
export const MAX_RENDER_THREADS = 16;

export const MAX_API_PROCESSES = 32;

/** A guest waits no longer than this for their page's render when the page has a last good render to give them. */
export const DEFAULT_RENDER_TIMEOUT_MS = 300;

export class EdgeSettingsError extends Error {}

export const DEFAULT_API_TIMEOUT_MS = 15_000;

/**
 * The setting `name` as a whole number from `min` to `max`, or `fallback` when it is not set; one
 * that is not such a number is added to `problems` as "`name` must be `what`".
 */
function wholeNumber(env: NodeJS.ProcessEnv, problems: string[], name: string, fallback: number, min: number, max: number, what: string): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (/^\d+$/.test(raw) && value >= min && value <= max) return value;
  problems.push(`${name} must be ${what}, got "${raw}"`);
  return fallback;
}

export function readEdgeSettings(env: NodeJS.ProcessEnv): EdgeSettings {
  const problems: string[] = [];
  let trustProxy: string | undefined;
  const trust = env.TRUST_PROXY?.trim();
  if (trust && trust !== 'false') {
    if (trust === 'true') problems.push('TRUST_PROXY=true would believe any client\'s X-Forwarded-For: name the proxies in front of the store ("10.0.0.0/8", "loopback")');
    else {
      try {
        proxyAddr.compile(trust.split(',').map((item) => item.trim()));
        trustProxy = trust;
      } catch (error) {
        problems.push(`TRUST_PROXY must list addresses or ranges such as "10.0.0.0/8,loopback": ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  let apiTimeoutMs = DEFAULT_API_TIMEOUT_MS;
  const timeout = env.API_TIMEOUT_MS?.trim();
  if (timeout) {
    const value = Number(timeout);
    if (!Number.isInteger(value) || value < 100 || value > 300_000) problems.push(`API_TIMEOUT_MS must be a whole number of milliseconds from 100 to 300000, got "${timeout}"`);
    else apiTimeoutMs = value;
  }
  let apiProcesses = 1;
  const processes = env.API_PROCESSES?.trim();
  if (processes) {
    const value = Number(processes);
    if (!/^\d+$/.test(processes) || value < 1 || value > MAX_API_PROCESSES) {
      problems.push(`API_PROCESSES must be a whole number from 1 to ${MAX_API_PROCESSES}, got "${processes}"`);
    } else if (value > 1 && !env.DATABASE_URL?.trim()) {
      // The embedded database is one process's files: a second api cannot open it.
      problems.push(`API_PROCESSES=${value} needs a PostgreSQL server (DATABASE_URL): the embedded database serves one api process`);
    } else apiProcesses = value;
  }
  const guestPageTtlMs = wholeNumber(env, problems, 'GUEST_PAGE_TTL_MS', DEFAULT_GUEST_PAGE_TTL_MS, 0, 60_000, 'a whole number of milliseconds from 0 (never kept) to 60000');
  const shopperListsMs = wholeNumber(env, problems, 'SHOPPER_LISTS_MS', DEFAULT_SHOPPER_LISTS_MS, 0, 300_000, 'a whole number of milliseconds from 0 (the api is asked every time) to 300000');
  const renderThreads = wholeNumber(env, problems, 'RENDER_THREADS', DEFAULT_RENDER_THREADS, 0, MAX_RENDER_THREADS, `a whole number from 0 (the edge's own thread) to ${MAX_RENDER_THREADS}`);
  const renderTimeoutMs = wholeNumber(env, problems, 'RENDER_TIMEOUT_MS', DEFAULT_RENDER_TIMEOUT_MS, 50, 10_000, 'a whole number of milliseconds from 50 to 10000');
  const knownGoodAfterMs = readKnownGoodAfter(env, problems);
  const compositionEnvironment = env.COMPOSITION_ENV?.trim() || DEFAULT_ENVIRONMENT;
  if (!ENVIRONMENT_PATTERN.test(compositionEnvironment)) {
    problems.push(new EnvironmentNameError(compositionEnvironment, 'COMPOSITION_ENV').message);
  }
  const compositionReaderUrl = env.COMPOSITION_READER_URL?.trim() || undefined;
  if (compositionReaderUrl && !/^postgres(ql)?:\/\//.test(compositionReaderUrl)) problems.push('COMPOSITION_READER_URL must be a postgres:// connection string');
  if (problems.length > 0) throw new EdgeSettingsError(problems.join('\n'));
  return { trustProxy, apiTimeoutMs, apiProcesses, guestPageTtlMs, shopperListsMs, renderThreads, renderTimeoutMs, knownGoodAfterMs, compositionEnvironment, compositionReaderUrl };
}
