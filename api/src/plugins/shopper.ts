import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
// Brings in the request.cookies / reply.setCookie typings; the plugin is registered in app.ts.
import type {} from '@fastify/cookie';
import type { Queryable } from '../db/database';

declare module 'fastify' {
  interface FastifyRequest {
    /** The anonymous shopper this request belongs to; carts and wishlists hang off it. */
    shopperId: string;
  }
}

export const SHOPPER_COOKIE = 'sf_shopper';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** 32 random bytes in base64url: 43 characters, no padding. */
const SHOPPER_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newShopperId(): string {
  return randomBytes(32).toString('base64url');
}

export function isShopperId(value: string | undefined): value is string {
  return value !== undefined && SHOPPER_ID_PATTERN.test(value);
}

/**
 * Gives each request a shopper id from the `sf_shopper` cookie, issuing a new cookie when it is
 * missing or not one of ours. Needs @fastify/cookie registered on `app` or a parent. Nothing is
 * written to the database here, so browsing never writes; see `ensureShopper`.
 */
export function registerShopperIdentity(app: FastifyInstance): void {
  app.decorateRequest('shopperId', '');
  app.addHook('onRequest', async (request, reply) => {
    const current = request.cookies[SHOPPER_COOKIE];
    if (isShopperId(current)) {
      request.shopperId = current;
      return;
    }
    request.shopperId = newShopperId();
    reply.setCookie(SHOPPER_COOKIE, request.shopperId, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: ONE_YEAR_SECONDS,
      // request.protocol reads X-Forwarded-Proto only when the app was built with trustProxy.
      secure: request.protocol === 'https',
    });
  });
}

/** Records the shopper on its first write; later calls are no-ops. */
export async function ensureShopper(db: Queryable, shopperId: string): Promise<void> {
  await db.query('INSERT INTO shoppers (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [shopperId]);
}
