/**
 * The edge: the store's front-end servers on Fastify. `buildShellEdge` serves the shell (its
 * files, its pages with their server render, /composition.json and the /api proxy);
 * `buildRemoteOrigin` serves a remote's origin (its working build and its releases, loadable from
 * any origin). Both send a shop's security headers. Neither knows who starts it: `npm start`, the
 * browser suite and the benchmarks (bench/frontEnd.ts) each build the ones they need.
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { TELEMETRY_PATH } from '@storefront/contracts';
import { startRenderFailureReports } from './renderFailures';
import { registerCompositionRoute, type CompositionSource } from './composition';
import { withoutBrowserId } from './browserId';
import { registerPages, type PagesOptions } from './page';
import { PAGE_BROTLI_PARAMS } from './pageTemplate';
import { registerApiProxy } from './proxy';
import { registerSeoRoutes } from './seo';
import { ShopperLists } from './shopperLists';
import { ApiUpstreams } from './upstreams';
import { manifestReader, manifestTimeoutFor } from './routePreloads';
import { registerSecurityHeaders, setPagePolicy, STANDALONE_PAGE_ORIGINS } from './securityHeaders';
import { registerStaticFiles } from './staticFiles';

export interface EdgeCommonOptions {
  /**
   * The proxies in front of the edge whose X-Forwarded-For and X-Forwarded-Proto it believes
   * (TRUST_PROXY): false, true, or addresses and ranges ("10.0.0.0/8,127.0.0.1", "loopback").
   * Nothing is trusted by default: the peer that connects is the shopper.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Log each request (off by default; errors are logged either way). */
  logRequests?: boolean;
  /** Where its JSON log lines go (standard output unless said: `npm start` shows them readable). */
  logStream?: NodeJS.WritableStream;
}

export interface ShellEdgeOptions extends EdgeCommonOptions {
  /** The shell's build folder. */
  dist: string;
  /**
   * The api the edge's /api forwards to, and server renders ask: one address, or several api
   * processes on one database to spread requests over (upstreams.ts).
   */
  apiUrl: string | readonly string[];
  /** How long the api may take before a shopper is answered 504 (API_TIMEOUT_MS). */
  apiTimeoutMs?: number;
  composition: CompositionSource;
  /**
   * TELEMETRY_SECRET, shared with the api: each page load's composition carries a page-view token
   * signed with it, and the server's render failures are reported with it. Unset: neither.
   */
  telemetrySecret?: string;
  /** Preload the remote files each page loads (on unless said; off for the monolith, which loads none). */
  remotePreloads?: boolean;
  /** Server rendering; it asks the api at `apiUrl` (the next process in turn, when several). */
  render?: Omit<NonNullable<PagesOptions['render']>, 'apiUrl'> | null;
}

function edgeInstance({ trustProxy = false, logRequests = false, logStream }: EdgeCommonOptions): FastifyInstance {
  return Fastify({
    trustProxy,
    // Requests are logged at info: below warn, only when asked for.
    logger: { level: logRequests ? 'info' : 'warn', ...(logStream ? { stream: logStream } : {}) },
    // A shopper's page never waits on a slow upload to the edge.
    requestTimeout: 30_000,
  });
}

export async function buildShellEdge(options: ShellEdgeOptions): Promise<FastifyInstance> {
  const app = edgeInstance(options);
  await registerSecurityHeaders(app);
  // Pages only: their HTML is made per request, so compressed per request, on a stream.
  await app.register(compress, { global: false, encodings: ['br', 'gzip'], syncThreshold: 0, brotliOptions: { params: { ...PAGE_BROTLI_PARAMS } } });
  const upstreams = new ApiUpstreams(options.apiUrl, { log: (message) => app.log.warn(message) });
  upstreams.start();
  app.addHook('onClose', async () => upstreams.close());
  if (options.telemetrySecret) {
    const reports = startRenderFailureReports({ apiUrl: () => upstreams.next(), secret: options.telemetrySecret, log: (line) => app.log.warn(line) });
    app.addHook('onClose', () => reports.stop());
  }
  // What the edge knows of shoppers' lists (for the guests' page) ends with any /api request that
  // may change them: when it comes, and again once the api has answered it (shopperLists.ts).
  const shopperLists = new ShopperLists(options.render?.shopperListsMs !== undefined ? { ttlMs: options.render.shopperListsMs } : {});
  // A page's health report changes nothing of the shopper's.
  const mayChangeLists = (request: FastifyRequest) => request.url.startsWith('/api/') && !request.url.startsWith(TELEMETRY_PATH) && !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
  const forgetLists = async (request: FastifyRequest) => {
    if (mayChangeLists(request)) shopperLists.forget(withoutBrowserId(request.headers.cookie));
  };
  app.addHook('onRequest', forgetLists);
  app.addHook('onResponse', forgetLists);
  // The api's developer routes (the opt-in mail outbox) answer on its own loopback port only.
  await registerApiProxy(app, { prefix: '/api', target: upstreams, privatePaths: ['/dev'], ...(options.apiTimeoutMs ? { timeoutMs: options.apiTimeoutMs } : {}) });
  const readManifest = manifestReader({ timeoutMs: manifestTimeoutFor(options.render?.budgetMs) });
  registerCompositionRoute(app, options.composition, readManifest, options.telemetrySecret);
  registerSeoRoutes(app, () => upstreams.next());
  registerPages(app, {
    dist: options.dist,
    source: options.composition,
    readManifest,
    remotePreloads: options.remotePreloads ?? true,
    render: options.render ? { ...options.render, apiUrl: () => upstreams.next() } : null,
    apiUrl: () => upstreams.next(),
    shopperLists,
  });
  // Its pages (every path without an extension) are page.ts's: no look on disk for them.
  await registerStaticFiles(app, { root: options.dist, index: false, extensionlessArePages: true });
  return app;
}

export interface RemoteOriginOptions extends EdgeCommonOptions {
  /** The remote's working builds, a folder per version. */
  dist: string;
  /** Its published releases, served under /releases/, each immutable. */
  releases?: string;
}

export async function buildRemoteOrigin(options: RemoteOriginOptions): Promise<FastifyInstance> {
  const app = edgeInstance(options);
  await registerSecurityHeaders(app, { crossOriginFiles: true });
  app.options('/*', async (_request, reply) =>
    reply.code(204).header('Access-Control-Allow-Origin', '*').header('Access-Control-Allow-Methods', 'GET, HEAD').header('Access-Control-Max-Age', '86400').send(),
  );
  // A standalone page loads only its own origin's files.
  const onHtml = (reply: FastifyReply) => setPagePolicy(reply, STANDALONE_PAGE_ORIGINS, reply.request);
  // Its server container too, which the shell's server loads from here (shared/src/ssr/contract.ts).
  const files = { cors: true, onHtml, serverBuild: true };
  if (options.releases) await registerStaticFiles(app, { root: options.releases, prefix: '/releases/', immutable: true, mayNotExist: true, ...files });
  await registerStaticFiles(app, { root: options.dist, decorateReply: !options.releases, ...files });
  return app;
}
