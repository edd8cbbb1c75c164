/**
 * The headers a shop sends (@fastify/helmet) on every answer of the edge: nosniff, a strict
 * referrer policy, no framing, HSTS when the shopper came over https. A page's
 * Content-Security-Policy follows the live composition: its scripts may come from the shell's own
 * origin and the origins of the remotes composed in (and their fallbacks), read on each page load,
 * so a remote released on a new origin and composed in works without a restart. One inline script
 * runs, allowed by its hash: a server-rendered page's event replay (eventReplay.ts); server state
 * travels in `<script type="application/json">`, and nothing is evaluated from text: the federation runtime needs no `new Function` for remotes registered by their entries.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Directives = Record<string, string[]>;

/** Every answer that is not a page (JSON, files, errors): it may load nothing and be framed by nothing. */
const LOCKED_DOWN: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** HSTS for a year, sent only to a shopper who came over https (a plain-http answer's is ignored anyway). */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface PageOrigins {
  /** Origins scripts (and their chunks, styles and fonts) load from besides the page's own. */
  scripts: readonly string[];
  /** The api's, when it is not behind the page's own /api. */
  api: readonly string[];
  /** The pictures', when they are not behind the page's own /api/images. */
  images: readonly string[];
  /** Hashes of the inline scripts the page may run: a server-rendered page's event replay (eventReplay.ts). */
  inlineScripts?: readonly string[];
}

/** A page's policy: its own origin, and the composition's origins for what each may load. */
export function pageDirectives({ scripts, api, images, inlineScripts = [] }: PageOrigins): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScripts, ...scripts],
    'script-src-attr': ["'none'"],
    // React's style attributes and the stylesheets the remotes put in <style> elements.
    'style-src': ["'self'", "'unsafe-inline'", ...scripts],
    'img-src': ["'self'", 'data:', 'blob:', ...images, ...scripts],
    'font-src': ["'self'", 'data:', ...scripts],
    'connect-src': ["'self'", ...api, ...scripts],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

function serialise(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}

export interface SecurityHeadersOptions {
  /**
   * A remote's origin: the shell's pages on other origins load its files, so they may be read
   * cross-origin (Cross-Origin-Resource-Policy).
   */
  crossOriginFiles?: boolean;
}

export async function registerSecurityHeaders(app: FastifyInstance, { crossOriginFiles = false }: SecurityHeadersOptions = {}): Promise<void> {
  const options: FastifyHelmetOptions = {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: LOCKED_DOWN },
    // Sent below, for https only.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: crossOriginFiles ? 'cross-origin' : 'same-origin' },
    // The pages open no popups that must reach back; same-origin keeps others' windows away.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  };
  await app.register(helmet, options);
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}

/** A page's policy on its answer, in place of the locked-down one. */
export function setPagePolicy(reply: FastifyReply, origins: PageOrigins, request: FastifyRequest): void {
  const directives = pageDirectives(origins);
  if (request.protocol === 'https') directives['upgrade-insecure-requests'] = [];
  // helmet set the locked-down policy on the raw answer when the request came in.
  reply.raw.removeHeader('Content-Security-Policy');
  reply.header('Content-Security-Policy', serialise(directives));
}

/** A remote's standalone page: only its own origin. */
export const STANDALONE_PAGE_ORIGINS: PageOrigins = { scripts: [], api: [], images: [] };
