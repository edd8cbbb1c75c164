/**
 * The browser's id (its CANARY_COOKIE), which keeps it in one arm of a running canary: read, or
 * made and set on its answer; and a Cookie header read for one cookie, or without the id (what
 * tells a shopper's request from a guest's).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BROWSER_ID_PATTERN, newBrowserId } from '@storefront/release-state';
import { CANARY_COOKIE, CANARY_COOKIE_MAX_AGE_SECONDS } from '@storefront/contracts';

export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The browser's id from its CANARY_COOKIE, or null when it sent none (or not one we made). */
export function browserIdOf(cookieHeader: string | undefined): string | null {
  const id = readCookie(cookieHeader, CANARY_COOKIE);
  return id !== undefined && BROWSER_ID_PATTERN.test(id) ? id : null;
}

/**
 * The browser's id, made and set on this answer when it has none, so that it keeps one version
 * of each remote on every page and visit while a canary runs. It says nothing of the shopper and
 * is sent to this site only.
 */
export function browserIdFor(request: FastifyRequest, reply: FastifyReply): string {
  const known = browserIdOf(request.headers.cookie);
  if (known) return known;
  const id = newBrowserId();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('Set-Cookie', `${CANARY_COOKIE}=${id}; Path=/; Max-Age=${CANARY_COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`);
  return id;
}

/**
 * A Cookie header without the browser's id: what tells a shopper's request (a session, a cart)
 * from a guest's, whose pages are drawn once and shared. Undefined when nothing else is left.
 */
export function withoutBrowserId(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader || !cookieHeader.includes(`${CANARY_COOKIE}=`)) return cookieHeader;
  const rest = cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !pair.startsWith(`${CANARY_COOKIE}=`));
  return rest.length > 0 ? rest.join('; ') : undefined;
}
