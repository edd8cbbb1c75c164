import { randomBytes } from 'node:crypto';
import { SHOPPER_COOKIE } from '@storefront/contracts';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
// Brings in the request.cookies / reply.setCookie typings; the cookies plugin registers it.
import type {} from '@fastify/cookie';
import { publicUrlIsHttps, readCookie, writeCookie } from '../identity/cookies';
import { clearSessionCookie, findSignedIn, readSessionToken, type SignedIn } from '../identity/sessions';
import { namedStatement, type Queryable } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook that gives a module's requests their shopper (added by the modules that serve one). */
    identifyShopper: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Whose cart and wishlist this request works on: the account's when signed in, else the browser's. */
    shopperId: string;
    /** The browser's own anonymous shopper (the [__Host-]sf_shopper cookie), signed in or not. */
    anonymousShopperId: string;
    /** The signed-in account, or null. */
    signedIn: SignedIn | null;
  }
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** 32 random bytes in base64url: 43 characters, no padding. */
const SHOPPER_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newShopperId(): string {
  return randomBytes(32).toString('base64url');
}

export function isShopperId(value: string | undefined): value is string {
  return value !== undefined && SHOPPER_ID_PATTERN.test(value);
}

export function setShopperCookie(reply: FastifyReply, shopperId: string): void {
  writeCookie(reply, SHOPPER_COOKIE, shopperId, ONE_YEAR_SECONDS);
}

/**
 * The hook that gives each request its shopper: the signed-in account's (session cookie) or the
 * browser's anonymous one (shopper cookie, issued when missing or not one of ours). Cookies are
 * `__Host-` and Secure when the public URL is https: the request's trusted protocol, or
 * STOREFRONT_URL (identity/cookies.ts). Browsing never writes a shopper row; see `ensureShopper`.
 */
function shopperHook(database: Queryable): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const current = readCookie(request, SHOPPER_COOKIE);
    if (isShopperId(current?.value)) {
      request.anonymousShopperId = current.value;
      // A cookie from before the prefix (or from plain http) moves to its __Host- name, so the
      // cart it holds is kept and the plain name stops being needed.
      if (current.name === SHOPPER_COOKIE && publicUrlIsHttps(request)) setShopperCookie(reply, current.value);
    } else {
      request.anonymousShopperId = newShopperId();
      setShopperCookie(reply, request.anonymousShopperId);
    }
    request.shopperId = request.anonymousShopperId;

    const token = readSessionToken(request);
    if (token) {
      request.signedIn = await findSignedIn(database, token);
      if (request.signedIn) request.shopperId = request.signedIn.shopperId;
      // An expired or revoked session: the browser should stop sending it.
      else clearSessionCookie(reply);
    }
  };
}

/**
 * Autoloaded (app.ts) before every module. A module whose routes serve a shopper adds the hook
 * to its own routes: `app.addHook('onRequest', app.identifyShopper)`. The public, cached answers
 * (pictures, product details, the shop's details, reports, the newsletter) do not: they neither
 * read nor set a shopper cookie.
 */
export default fp(
  async (app) => {
    app.decorateRequest('shopperId', '');
    app.decorateRequest('anonymousShopperId', '');
    app.decorateRequest('signedIn', null);
    app.decorate('identifyShopper', shopperHook(app.database));
  },
  { name: 'shopper', dependencies: ['database', 'cookies'] },
);

// Run before every write of a shopper's: kept planned (namedStatement).
const ENSURE_SHOPPER = namedStatement(
  'shopper.ensure',
  `INSERT INTO shoppers (id) VALUES ($1)
   ON CONFLICT (id) DO UPDATE SET last_active_at = EXCLUDED.last_active_at
   WHERE shoppers.last_active_at < EXCLUDED.last_active_at - interval '1 hour'`,
);

/**
 * Records the shopper on its first write, and marks it active on later ones: an anonymous
 * shopper is deleted once it has been idle for the retention (cleanup/expireData.ts). Marked at
 * most once an hour, so a busy cart does not rewrite its shopper's row and index entry on every
 * click; the retention is at least a day, so an hour's lag never lets the sweep take a shopper
 * that is back. Run it before the write it stands for: once it has committed the sweep passes
 * the shopper by, and if the sweep is deleting the shopper at that moment this waits for it and
 * then records the shopper afresh, so the write that follows still finds its row.
 */
export async function ensureShopper(db: Queryable, shopperId: string): Promise<void> {
  await db.query(ENSURE_SHOPPER, [shopperId]);
}
