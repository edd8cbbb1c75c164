/**
 * The shell's edge, started: the shell's pages drawn by render threads (or this thread), its
 * /composition.json from the environment's composition, and /api forwarded to the api processes.
 * `npm start` runs it beside the api and the remotes' origins (startStore.ts); `npm run edge` runs
 * it alone, one of several behind a load balancer (scripts/edge.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildShellEdge } from '@storefront/edge/app';
import { liveRemotes, openCompositionSource, type CompositionSource } from '@storefront/edge/composition';
import { ROOT, type Ports, type Remote } from '@storefront/edge/packages';
import { RenderThreads } from '@storefront/edge/render-threads';
import { loadRenderer, RENDER_LIMIT_MS, type PageDrawer, type PageRequest, type RenderedPage } from '@storefront/edge/server-render';
import { DEFAULT_KNOWN_GOOD_AFTER_MS, DEFAULT_RENDER_THREADS, DEFAULT_RENDER_TIMEOUT_MS } from '@storefront/edge/settings';

/** The edge's own settings, as `npm start` and `npm run edge` read them (edge/src/settings.ts). */
export interface EdgeTuning {
  /**
   * Render each page's first screen on the server (edge/src/serverRender.ts); on unless
   * SERVER_RENDER=off.
   */
  serverRender?: boolean;
  /**
   * The proxies in front of the shell's edge whose forwarding headers it believes (TRUST_PROXY;
   * none by default). The api believes the same chain behind the edge.
   */
  trustProxy?: string;
  /** How long the api may take before the edge answers 504 (API_TIMEOUT_MS). */
  apiTimeoutMs?: number;
  /** How long a guest's server-rendered page is kept and shared (GUEST_PAGE_TTL_MS; 0: never). */
  guestPageTtlMs?: number;
  /** How long the edge uses what the api said of a shopper's lists being empty (SHOPPER_LISTS_MS; 0: it asks every time). */
  shopperListsMs?: number;
  /**
   * How many threads draw the pages off the edge's event loop (RENDER_THREADS, 1 unless said;
   * 0: the edge's own thread, edge/src/renderThreads.ts).
   */
  renderThreads?: number;
  /**
   * A page's budget (RENDER_TIMEOUT_MS; 300 ms unless said): how long a guest waits for its render
   * before getting the page's last good render (edge/src/lastGoodPages.ts). Renders themselves run
   * up to RENDER_LIMIT_MS.
   */
  renderTimeoutMs?: number;
  /**
   * How long a composition that passed the checks must stay live, and not be rolled away, before
   * its versions may be fallen back to (KNOWN_GOOD_AFTER; 30 minutes unless said).
   */
  knownGoodAfterMs?: number;
}

export interface EdgeOptions {
  ports: Ports;
  bindHost: string;
  publicHost: string;
  /** The api processes /api is forwarded to, and server renders ask. */
  apiUrls: readonly string[];
  /** Where the environment's composition is (CompositionSource). */
  composition: Pick<CompositionSource, 'file' | 'environment' | 'readerUrl'>;
  /** The working builds' versions, served while nothing is composed. */
  workingVersions: Record<Remote, string>;
  telemetrySecret?: string;
  log: (line: string) => void;
  settings: EdgeTuning;
  /** Where the edge's JSON log lines go (standard output unless said). */
  logStream?: NodeJS.WritableStream;
}

export interface RunningEdge {
  /** What the shell's edge was built with: a caller builds another beside it (the bench's variants). */
  shellEdgeOptions: Parameters<typeof buildShellEdge>[0];
  stop: () => Promise<void>;
}

export async function listen(server: FastifyInstance, port: number, host: string): Promise<void> {
  try {
    await server.listen({ port, host });
  } catch (error) {
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new Error(`port ${port} is already in use (set another with the env vars in the README)`) : error;
  }
}

/** The shell's server bundle in its build folder. */
export function shellBundleFile(shellDist: string): string {
  return path.join(shellDist, 'server/render.js');
}

/** Whether the shell's build has its server bundle (a line says so when not). */
function hasShellBundle(shellDist: string, log: (line: string) => void): boolean {
  const file = shellBundleFile(shellDist);
  if (existsSync(file)) return true;
  log(`no ${path.relative(ROOT, file)}: pages are rendered in the browser only`);
  return false;
}

export async function startShellEdge(options: EdgeOptions): Promise<RunningEdge> {
  const { ports, bindHost, publicHost, settings, log } = options;
  const shellDist = path.join(ROOT, 'shell/dist');
  const composition: CompositionSource = {
    ports,
    publicHost,
    ...options.composition,
    workingVersions: options.workingVersions,
    // Fallbacks and previews must fit the shell this edge serves.
    shellManifest: path.join(shellDist, 'mf-manifest.json'),
    knownGoodAfterMs: settings.knownGoodAfterMs ?? DEFAULT_KNOWN_GOOD_AFTER_MS,
  };
  // What draws the pages: render threads, or the shell's server bundle and the remotes' server
  // containers loaded in this thread.
  let renderThreads: RenderThreads | null = null;
  let stopRenderer: (() => void) | null = null;
  let shell: FastifyInstance | null = null;
  const closeComposition = await openCompositionSource(composition, log);
  const stop = async () => {
    stopRenderer?.();
    await renderThreads?.close();
    await shell?.close();
    await closeComposition();
  };
  try {
    const serverRender = (settings.serverRender ?? process.env.SERVER_RENDER !== 'off') && hasShellBundle(shellDist, log);
    const threads = settings.renderThreads ?? DEFAULT_RENDER_THREADS;
    let draw: PageDrawer | null = null;
    let warm: ((requests: readonly PageRequest[]) => Promise<readonly (RenderedPage | null)[]>) | undefined;
    if (serverRender && threads > 0) {
      // The live versions load in each thread before it says it is ready.
      renderThreads = await RenderThreads.start({ threads, shellBundle: shellBundleFile(shellDist), timeoutMs: RENDER_LIMIT_MS, live: () => liveRemotes(composition) });
      draw = renderThreads.render;
      warm = renderThreads.warm;
    } else if (serverRender) {
      // The live versions load now, not on (and too late for) the first page.
      const renderer = await loadRenderer({ shellBundle: shellBundleFile(shellDist), timeoutMs: RENDER_LIMIT_MS, live: await liveRemotes(composition) }, () => liveRemotes(composition));
      stopRenderer = renderer.close;
      draw = renderer.draw;
      warm = async (requests) => {
        const drawn: (RenderedPage | null)[] = [];
        for (const request of requests) drawn.push(await renderer.draw(request));
        return drawn;
      };
    }
    const budgetMs = settings.renderTimeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
    const shellEdgeOptions: RunningEdge['shellEdgeOptions'] = {
      dist: shellDist,
      apiUrl: options.apiUrls,
      composition,
      ...(options.telemetrySecret ? { telemetrySecret: options.telemetrySecret } : {}),
      render: draw
        ? {
            draw,
            budgetMs,
            ...(warm ? { warm } : {}),
            ...(settings.guestPageTtlMs !== undefined ? { guestPageTtlMs: settings.guestPageTtlMs } : {}),
            ...(settings.shopperListsMs !== undefined ? { shopperListsMs: settings.shopperListsMs } : {}),
          }
        : null,
      ...(settings.trustProxy ? { trustProxy: settings.trustProxy } : {}),
      ...(settings.apiTimeoutMs ? { apiTimeoutMs: settings.apiTimeoutMs } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
    };
    shell = await buildShellEdge(shellEdgeOptions);
    await listen(shell, ports.shell, bindHost);
    return { shellEdgeOptions, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
