/**
 * How the api names and writes its own cookies (the session and the anonymous shopper).
 *
 * When the shop's public URL is https (a trusted proxy says the shopper came over https, or
 * STOREFRONT_URL is https) a cookie is `__Host-<name>`: Secure, Path=/ and no Domain, which the
 * browser enforces, so neither a sibling subdomain nor a page on plain http can plant or
 * overwrite it. Over plain http (development, the test suites) browsers refuse `__Host-` cookies
 * (they must be Secure), so the plain name is used.
 *
 * Reading takes `__Host-<name>` whenever the request carries it, whatever the request came over:
 * the edge's server render calls the api directly over http with the shopper's Cookie header. Only
 * without it is the plain name read (development, and cookies written before the prefix).
 */
import { HOST_COOKIE_PREFIX } from '@storefront/contracts';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';


declare module 'fastify' {
  interface FastifyRequest {
    /** STOREFRONT_URL is https: the shop's cookies are `__Host-` and Secure whatever this request came over. */
    storefrontIsHttps: boolean;
  }
}

/** Lets the cookies of `app`'s routes follow STOREFRONT_URL as well as the request's protocol. */
export function registerCookiePolicy(app: FastifyInstance, storefrontUrl: string): void {
  app.decorateRequest('storefrontIsHttps', new URL(storefrontUrl).protocol === 'https:');
}

/** Whether the shopper reaches the shop over https, so its cookies go out `__Host-` and Secure. */
export function publicUrlIsHttps(request: FastifyRequest): boolean {
  // request.protocol reads X-Forwarded-Proto only when the app trusts the proxy in front.
  return request.protocol === 'https' || request.storefrontIsHttps === true;
}

export interface CookieRead {
  value: string;
  /** The name it came under: `__Host-<name>` or the plain `<name>`. */
  name: string;
}

/** The cookie `name` the request carries: its `__Host-` form when present (even malformed), else the plain one. */
export function readCookie(request: FastifyRequest, name: string): CookieRead | undefined {
  const prefixed = request.cookies[`${HOST_COOKIE_PREFIX}${name}`];
  if (prefixed !== undefined) return { value: prefixed, name: `${HOST_COOKIE_PREFIX}${name}` };
  const plain = request.cookies[name];
  return plain === undefined ? undefined : { value: plain, name };
}

function attributesFor(cookieName: string, secure: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: cookieName.startsWith(HOST_COOKIE_PREFIX) || secure };
}

/**
 * Sets cookie `name` (HttpOnly, SameSite=Lax, Path=/, never a Domain) under the name this
 * request's public URL calls for; a plain-named copy the request carried is removed when the
 * cookie moves to its `__Host-` name. Without `maxAge` it lasts the browser session.
 */
export function writeCookie(reply: FastifyReply, name: string, value: string, maxAge?: number): void {
  const { request } = reply;
  const secure = publicUrlIsHttps(request);
  const cookieName = secure ? `${HOST_COOKIE_PREFIX}${name}` : name;
  reply.setCookie(cookieName, value, { ...attributesFor(cookieName, secure), ...(maxAge === undefined ? {} : { maxAge }) });
  if (secure && request.cookies[name] !== undefined) reply.clearCookie(name, attributesFor(name, secure));
}

/** Removes cookie `name` under every name the request carried it by, or, if none, the name it would be written under. */
export function clearCookie(reply: FastifyReply, name: string): void {
  const { request } = reply;
  const secure = publicUrlIsHttps(request);
  const carried = [`${HOST_COOKIE_PREFIX}${name}`, name].filter((candidate) => request.cookies[candidate] !== undefined);
  const names = carried.length > 0 ? carried : [secure ? `${HOST_COOKIE_PREFIX}${name}` : name];
  for (const cookieName of names) reply.clearCookie(cookieName, attributesFor(cookieName, secure));
}
