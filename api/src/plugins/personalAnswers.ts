/**
 * Answers about one shopper (their account, session, orders, cart and wishlist) are kept by no
 * cache, shared or the browser's own (`Cache-Control: no-store`, so the back button or a shared
 * computer does not show them to the next person), and are never sniffed into another type.
 * Errors included: a 401 or 404 says something about the shopper too.
 *
 * The catalogue keeps its own caching (a product's ETag with no-cache, the pictures' year).
 */
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/** /auth…, /account…, /orders…, /cart…, /wishlist…, /operator…: the route or anything under it. */
const PERSONAL_ROUTE = /^\/(?:auth|account|orders|cart|wishlist|operator)(?:\/|$)/;

export function isPersonalRoute(url: string): boolean {
  return PERSONAL_ROUTE.test(url);
}

const markPersonal: onSendHookHandler = (_request, reply, payload, done) => {
  // onSend is the last word: whatever a handler or hook set before, these leave as they are here.
  reply.header('cache-control', 'no-store');
  reply.header('x-content-type-options', 'nosniff');
  done(null, payload);
};

/**
 * Marks the answers of every personal route registered on `app` after this call (the hook is
 * added to those routes alone, so the catalogue's hot paths pay nothing for it).
 */
export function registerPersonalAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isPersonalRoute(route.url)) return;
    const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...existing, markPersonal];
  });
}

/** Autoloaded (app.ts) before every module, so every personal route is marked. */
export default fp(
  async (app) => {
    registerPersonalAnswers(app);
  },
  { name: 'personal-answers' },
);
