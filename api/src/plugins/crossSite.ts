/**
 * Writes from another site are refused, in addition to the cookies' SameSite=Lax: a page
 * elsewhere must not add to a shopper's cart, place an order or change an account with the
 * shopper's cookies (SameSite leaves a sibling subdomain, and a browser that ignores it, open).
 *
 * A POST, PUT, PATCH or DELETE is judged by what the browser says about where it came from:
 *
 * | Sec-Fetch-Site | Origin                                                 | answer       |
 * |----------------|--------------------------------------------------------|--------------|
 * | same-origin    | (not read)                                             | allowed      |
 * | none           | (not read): the shopper's own doing (typed, bookmark)  | allowed      |
 * | same-site      | (not read): a sibling subdomain or port                | 403          |
 * | cross-site     | (not read)                                             | 403          |
 * | absent         | the request's own origin, or STOREFRONT_URL's           | allowed      |
 * | absent         | any other, or `null`                                   | 403          |
 * | absent         | absent: not a browser (curl, a server, the tests)      | allowed      |
 *
 * Same-site is refused: the store has no writer on a sibling origin (the shell and the api are
 * one origin behind the edge, and a remote's standalone dev server proxies /api on its own
 * origin), and a sibling subdomain is exactly what SameSite cannot keep out.
 *
 * The request's own origin is its protocol and host as Fastify gives them: X-Forwarded-Proto and
 * X-Forwarded-Host from a trusted proxy (the edge forwards the shopper's), else the Host header.
 *
 * One write comes from elsewhere by design: a mail program's one-click unsubscribe (RFC 8058), a
 * form POST (multipart/form-data or urlencoded) from the mail provider's servers or the reader's
 * webmail. A route that says
 * `config.oneClickUnsubscribe` takes that form from anywhere; it acts on the token in its address
 * alone, never on cookies, so another site posting it can do nothing a cookie would let it. The
 * route's other writes (JSON from the store's page) are judged as every other.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError } from '../schemas/errors';
import fp from 'fastify-plugin';
import type { ApiOptions } from '../options';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a one-click unsubscribe: its form-encoded POST is taken from any site (see above). */
    oneClickUnsubscribe?: boolean;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

export const CROSS_SITE_MESSAGE = 'This change was asked for from another website, so it was not made. Please make it on the store itself.';

/** `value` as a serialised origin (scheme://host[:port], default port dropped), or null when it is not one. */
function originOf(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** Whether a write may go ahead (see the table above). */
export function isWriteFromTheStore(request: FastifyRequest, storefrontOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return ALLOWED_FETCH_SITES.has(fetchSite.trim().toLowerCase());
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const claimed = originOf(origin);
  if (claimed === null) return false;
  return claimed === storefrontOrigin || claimed === originOf(`${request.protocol}://${request.host}`);
}

/** The forms a mail program posts to unsubscribe (RFC 8058). */
const FORM_TYPES = new Set(['multipart/form-data', 'application/x-www-form-urlencoded']);

/** A mail program's one-click unsubscribe: a form POST to a route that takes it. */
function isOneClickUnsubscribe(request: FastifyRequest): boolean {
  if (request.method !== 'POST' || request.routeOptions.config.oneClickUnsubscribe !== true) return false;
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return FORM_TYPES.has(mediaType);
}

/** Refuses cross-site writes on every route of `app` (add it before the routes). */
export function registerCrossSiteCheck(app: FastifyInstance, storefrontUrl: string): void {
  const storefrontOrigin = new URL(storefrontUrl).origin;
  // A callback, not an async hook: reads pass through without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!WRITES.has(request.method) || isWriteFromTheStore(request, storefrontOrigin) || isOneClickUnsubscribe(request)) return done();
    // Answered here, before the body is read; done() is not called once the reply is sent.
    void reply.code(403).send(apiError('cross_site', CROSS_SITE_MESSAGE));
  });
}

/** Autoloaded (app.ts) before every module, so no route escapes the check. */
export default fp<ApiOptions>(
  async (app, options) => {
    registerCrossSiteCheck(app, options.storefrontUrl);
  },
  { name: 'cross-site', dependencies: ['errors'] },
);
