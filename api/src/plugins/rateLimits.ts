import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { ApiError } from '@storefront/shared/types';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import type { WindowLimit } from '../limits';
import { clientAddressKey } from '../net/clientAddress';
import { ApiFailure } from '../schemas/errors';
import fp from 'fastify-plugin';

/**
 * Rate limits that hold across api processes: @fastify/rate-limit (its hooks, headers and
 * per-route settings) over a store in the database rather than in one process's memory.
 *
 * Each limit counts in fixed windows: the first hit of a key starts a window of the limit's
 * length, each hit adds one (refused hits too, so hammering does not pay), and the first hit
 * after the window starts a new one. One upsert counts and answers, so parallel requests on any
 * number of processes are counted exactly. A fixed window lets a client spend up to twice the
 * limit across a window's edge; the limits are sized for that.
 */

export interface HitCount {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Counts one hit of `key` in a window of `windowMs`. Keys name their limit: "register:203.0.113.9". */
export async function countHit(db: Queryable, key: string, windowMs: number): Promise<HitCount> {
  const result = await db.query<{ hits: number | string; ttl: number }>(
    `INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at)
     VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN c.window_ends_at <= clock_timestamp() THEN 1 ELSE c.hits + 1 END,
       window_ends_at = CASE WHEN c.window_ends_at <= clock_timestamp() THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
     RETURNING hits, GREATEST(0, EXTRACT(EPOCH FROM c.window_ends_at - clock_timestamp()) * 1000)::float8 AS ttl`,
    [key, windowMs],
  );
  const row = result.rows[0] as { hits: number | string; ttl: number };
  return { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl)) };
}

/** Takes back one hit of `key`: one counted before work that was then never done (a full hashing queue). */
export async function giveBackHit(db: Queryable, key: string): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM rate_limit_counters WHERE key = $1 AND hits = 1)
     UPDATE rate_limit_counters SET hits = hits - 1 WHERE key = $1 AND hits > 1`,
    [key],
  );
}

/**
 * A @fastify/rate-limit store class over `db`. Keys are made by each limit's keyGenerator and
 * already carry the limit's name, so a route's child store is the same store.
 */
function databaseStore(db: Queryable): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: HitCount) => void, timeWindow: number): void {
      countHit(db, key, timeWindow).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Only routes that name a limit in `config.rateLimit` are limited. */
export async function registerRateLimits(app: FastifyInstance, db: Queryable): Promise<void> {
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(db), hook: 'onRequest' });
}

/** "3 minutes", "40 seconds": how long a refused client waits, in a shopper's words. */
export function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A route's `config.rateLimit`: at most `limit.max` requests per client address (its
 * clientAddressKey) in `limit.windowSeconds`, counted under `name`. The one past it is a 429
 * with Retry-After and the route's own `{ error, message }`, made by `refusal` from the wait.
 */
export function limitPerAddress(name: string, limit: WindowLimit, refusal: (wait: string) => ApiError): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    keyGenerator: (request) => `${name}:${clientAddressKey(request.ip)}`,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiFailure(429, refusal(waitInWords(seconds)), { 'Retry-After': String(seconds) });
    },
  };
}

/** Autoloaded (app.ts) before every module: the plugin reads each route's config.rateLimit as it is added. */
export default fp(
  async (app) => {
    await registerRateLimits(app, app.database);
  },
  { name: 'rate-limits', dependencies: ['database', 'errors'] },
);
