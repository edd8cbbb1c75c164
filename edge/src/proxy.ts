/**
 * The edge's /api proxy: every request under the prefix goes to the api as it came (any method,
 * the body streamed unread, the query kept) and the api's answer comes back as it was given,
 * errors and cookies included. Three things the api cannot do for itself happen here:
 *   - a shopper waits at most `timeoutMs` for an api that does not answer (504), and gets a
 *     readable answer when the api is down (502) rather than a hanging page;
 *   - the api's private routes (the developer outbox) are never reached from outside, however the
 *     path is spelled;
 *   - the client's address and protocol reach the api only as far as the edge can vouch for them
 *     (its `trustProxy`), so a shopper cannot claim someone else's address with X-Forwarded-For.
 */
import path from 'node:path';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiUpstreams } from './upstreams';

export interface ApiProxyOptions {
  /** Path prefix on the edge, e.g. '/api'. Stripped before forwarding. */
  prefix: string;
  /** The api's base URL, e.g. http://127.0.0.1:4000, or several api processes to spread requests over. */
  target: string | ApiUpstreams;
  /** Upstream paths (and everything under them) never forwarded however spelled, e.g. ['/dev'] */
  privatePaths?: readonly string[];
  /** How long the api may take to answer before the shopper gets a 504; default 15000. */
  timeoutMs?: number;
}

/**
 * Whether `upstreamPath` falls under one of `privatePaths` however it is spelled: percent-escapes
 * decoded byte by byte (repeatedly, so a double escape does not slip past; malformed ones stay as
 * they are rather than fail), backslashes as slashes, repeated slashes and dot segments resolved,
 * case ignored.
 */
export function isPrivatePath(upstreamPath: string, privatePaths: readonly string[]): boolean {
  let decoded = upstreamPath.split('?')[0] ?? '';
  for (let previous = ''; previous !== decoded; ) {
    previous = decoded;
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  const normalised = path.posix.normalize(`/${decoded.replace(/\\/g, '/')}`).replace(/\/+$/, '').toLowerCase();
  return privatePaths.some((privatePath) => {
    const base = privatePath.replace(/\/+$/, '').toLowerCase();
    return normalised === base || normalised.startsWith(`${base}/`);
  });
}

/** The api sees 127.0.0.1 in the chain, not the dual-stack socket's ::ffff:127.0.0.1. */
function withoutMappedPrefix(address: string): string {
  return address.replace(/^::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}$)/i, '');
}

/**
 * The X-Forwarded-* headers the edge sends upstream, from what Fastify derived with the edge's trustProxy setting.
 * Takes any request (HTTP/1 or HTTP/2): it reads only the address chain, protocol and host.
 */
export function forwardedHeaders(request: Pick<FastifyRequest, 'ip' | 'ips' | 'protocol' | 'host'>): { 'x-forwarded-for': string; 'x-forwarded-proto': string; 'x-forwarded-host'?: string } {
  // request.ips is [peer, ...trusted hops, first untrusted] when trustProxy is set, and absent
  // when nothing is trusted: then the peer alone is all the edge can vouch for.
  const chain = request.ips ?? [request.ip];
  const headers: { 'x-forwarded-for': string; 'x-forwarded-proto': string; 'x-forwarded-host'?: string } = {
    'x-forwarded-for': chain.filter(Boolean).map(withoutMappedPrefix).reverse().join(', '),
    'x-forwarded-proto': request.protocol,
  };
  if (request.host) headers['x-forwarded-host'] = request.host;
  return headers;
}

/** Client-supplied claims about the client, dropped before forwardedHeaders() adds the edge's own. */
function isForwardingHeader(name: string): boolean {
  return name === 'forwarded' || name === 'x-real-ip' || name.startsWith('x-forwarded-');
}

const GATEWAY_TIMEOUT = { error: 'gateway_timeout', message: "The store's server took too long to answer. Please try again." };
const BAD_GATEWAY = { error: 'bad_gateway', message: "The store's server is not reachable. Please try again shortly." };

/** The api's own not-found answer, so a private route looks like one that does not exist. */
function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const asked = (request.raw.url ?? '/').split('?')[0] ?? '/';
  return reply.code(404).type('application/json; charset=utf-8').send({ error: 'not_found', message: `No route ${request.method} ${asked}` });
}

/**
 * Forwards `${prefix}/...` to `${target}/...` on `app`, in a scope of its own: its content-type
 * parsers (application/json, text/plain and everything else passed on as an unread stream) and its
 * hooks apply to the proxy's routes only. Call and await it before `app.listen()`/`app.ready()`,
 * in any order with the other routes; the app must be created with the `trustProxy` the edge is
 * deployed with (false unless something in front of the edge is trusted), which decides the
 * X-Forwarded-* chain the api gets (see forwardedHeaders).
 */
export async function registerApiProxy(app: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  const { prefix, privatePaths = [], timeoutMs = 15_000 } = options;
  const upstreams = typeof options.target === 'string' ? new ApiUpstreams(options.target) : options.target;
  const [firstTarget] = upstreams.targets as [string];
  const targetPath = new URL(firstTarget).pathname.replace(/\/+$/, '');
  /** Where each request is being sent, how, and which api processes already refused it. */
  const attempts = new WeakMap<object, { target: string; path: string; replyOptions: object; refusedBy: Set<string> }>();
  const chooseUpstream = (request: object) => {
    const target = upstreams.next();
    attempts.set(request, { target, path: '/', replyOptions: {}, refusedBy: new Set() });
    return target;
  };
  const upstreamPrivatePaths = privatePaths.map((privatePath) => `${targetPath}${privatePath}`);

  /**
   * Checked on the path as it arrived, before Fastify's router or the proxy decoded anything:
   * after the prefix as written, and as a whole (for a prefix spelled with escapes, /%61pi/dev).
   */
  const asksForPrivatePath = (rawUrl: string) =>
    privatePaths.length > 0 &&
    ((rawUrl.startsWith(prefix) && isPrivatePath(rawUrl.slice(prefix.length), privatePaths)) ||
      isPrivatePath(rawUrl, privatePaths.map((privatePath) => `${prefix}${privatePath}`)));

  await app.register(async (scope) => {
    // Fastify parses text/plain itself by default; the api gets it untouched like every other body.
    scope.addContentTypeParser('text/plain', (_request, payload, done) => done(null, payload));

    // Answered before the body is read or the proxy rewrites the URL.
    scope.addHook('onRequest', async (request, reply) => {
      if (asksForPrivatePath(request.raw.url ?? '/')) return notFound(request, reply);
      return undefined;
    });

    await scope.register(httpProxy, {
      upstream: firstTarget,
      prefix,
      // node:http rather than undici: undici's answer timeouts tick every half second or so, this
      // one fires on time. It counts idle time (connecting, waiting for the answer, a stalled body,
      // but not an event stream), and the socket is destroyed when it fires. reply-from would skip
      // checking an https api's certificate unless told otherwise.
      http: { requestOptions: { timeout: timeoutMs, rejectUnauthorized: true } },
      // The proxy's own keep-alive agent, destroyed with the app, so no socket to the api outlives it.
      destroyAgent: true,
      // Fastify already logs each request; two more lines per api call add nothing.
      disableRequestLogging: true,
      // The last word: `dest` is exactly the path the api is asked for. It is empty for the bare
      // prefix with a query (/api?page=2), which reply.from() would take as "the edge's own path".
      handler: (request, reply, dest, replyOptions) => {
        const upstreamPath = dest || '/';
        if (isPrivatePath(upstreamPath, upstreamPrivatePaths)) return notFound(request, reply);
        const attempt = attempts.get(request);
        if (attempt) Object.assign(attempt, { path: upstreamPath, replyOptions });
        return reply.from(upstreamPath, replyOptions);
      },
      replyOptions: {
        // The next api process in turn (upstreams.ts): asked once per request, before the handler.
        getUpstream: chooseUpstream,
        rewriteRequestHeaders: (request, headers) => {
          const rewritten = { ...headers };
          for (const name of Object.keys(rewritten)) if (isForwardingHeader(name)) delete rewritten[name];
          return { ...rewritten, ...forwardedHeaders(request) };
        },
        // reply-from retries a GET the api answered 503 up to ten times; the api's 503 is its answer.
        retryDelay: () => null,
        onError: (reply, { error }) => {
          const attempt = attempts.get(reply.request);
          if (attempt && (error.cause as { code?: unknown } | undefined)?.code === 'ECONNREFUSED') {
            // That api process is gone: passed over from now on. A request without a body (which
            // the refused connection never carried, so nothing happened) goes to the next one.
            upstreams.markDown(attempt.target, 'it refused a connection');
            attempt.refusedBy.add(attempt.target);
            const method = reply.request.method;
            const untried = upstreams.targets.filter((target) => !attempt.refusedBy.has(target));
            if ((method === 'GET' || method === 'HEAD') && untried.length > 0) {
              const next = upstreams.next();
              attempt.target = attempt.refusedBy.has(next) ? (untried[0] as string) : next;
              const target = attempt.target;
              return void reply.from(attempt.path, { ...attempt.replyOptions, getUpstream: () => target });
            }
          }
          // reply-from gives a timeout (waiting for the answer or for a connection) 504; anything
          // else (refused, reset, unknown host, a broken answer) means the api is not there.
          const timedOut = (error as Error & { statusCode?: number }).statusCode === 504;
          reply
            .code(timedOut ? 504 : 502)
            .type('application/json; charset=utf-8')
            .send(timedOut ? GATEWAY_TIMEOUT : BAD_GATEWAY);
        },
      },
    });
  });
}
