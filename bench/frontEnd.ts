/**
 * Sections 1 and 2 of the benchmark: each route of the composed store beside the same route of
 * the monolith build, loaded cold in Chromium under mobile throttling, `runs` times each. Both
 * builds are measured as shoppers get them (their first screens rendered on the server, by the
 * same server code) and rendered by the browser only: the composed figures side by side show
 * what the server render gives, and each against the monolith's the same way what federation
 * costs, as shipped and in the browser alone. Then Lighthouse's audit of the composed store and
 * the server-rendered monolith, in turn: its TBT is the bench's only one.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { launchBrowser } from '@storefront/e2e/browser';
import { firstLoadFromDist } from '@storefront/e2e/first-load';
import { BENCH_ROUTES, type Viewport } from '@storefront/e2e/routes';
import { buildShellEdge } from '@storefront/edge/app';
import { ROOT } from '@storefront/edge/packages';
import { startStore } from '@storefront/scripts/start-store';
import { federationRuntimeBytes } from './lib/federationRuntime';
import { measureRoute, MOBILE_USER_AGENT, type RouteMeasurement } from './lib/frontEnd';
import { auditInTurn, type LighthouseFigures } from './lib/lighthouse';
import { storePorts } from './lib/servers';
import { rotated } from './lib/sideBySide';
import { median } from './lib/stats';

export const BUILDS = ['composed', 'browser-rendered', 'monolith', 'server-rendered monolith'] as const;
export type Build = (typeof BUILDS)[number];

/**
 * The builds Lighthouse audits, like for like: both as shoppers get them, their first screens
 * drawn by the same server code. Its TBT is the bench's only one (lib/lighthouse.ts).
 */
export const AUDITED_BUILDS = ['composed', 'server-rendered monolith'] as const satisfies readonly Build[];
export type AuditedBuild = (typeof AUDITED_BUILDS)[number];

export interface RouteFigures {
  route: string;
  path: string;
  /** Medians over the runs, per build. */
  figures: Record<Build, { gzipBytes: number; requests: number; chainDepth: number; fcp: number; lcp: number; cls: number }>;
  /** Lighthouse's audit of the route, per audited build. */
  lighthouse: Record<AuditedBuild, LighthouseFigures>;
  /** The composed build's files on its median-size run, for the report's detail. */
  composedFiles: RouteMeasurement['files'];
  /** The same route's first load as the budget test computes it from the built files. */
  /** The first load computed from the built files, as the budget test does; the browser runs measure a phone. */
  budgetModelBytes: Record<Viewport, number>;
  /** The federation runtime's gzipped bytes in the composed build's first load (lib/federationRuntime.ts). */
  federationRuntimeBytes: number;
}

/** A phone's request for a page, read to its end and not measured. */
async function warmUp(url: URL): Promise<void> {
  const response = await fetch(url, { headers: { 'User-Agent': MOBILE_USER_AGENT, 'Accept-Encoding': 'gzip' } });
  if (!response.ok) throw new Error(`${url.toString()} answered ${response.status} while warming up`);
  await response.arrayBuffer();
}

function medians(runs: RouteMeasurement[]): RouteFigures['figures'][Build] {
  const of = (pick: (run: RouteMeasurement) => number) => median(runs.map(pick));
  return {
    gzipBytes: of((run) => run.gzipBytes),
    requests: of((run) => run.requests),
    chainDepth: of((run) => run.chainDepth),
    fcp: of((run) => run.fcp),
    lcp: of((run) => run.lcp),
    cls: of((run) => run.cls),
  };
}

/**
 * Per route, `runs` timed loads of each build in turn, then `runs` Lighthouse audits of each
 * audited build in turn.
 */
export async function benchFrontEnd(runs: number, log: (line: string) => void): Promise<RouteFigures[]> {
  const ports = storePorts();
  const work = await mkdtemp(path.join(os.tmpdir(), 'storefront-bench-'));
  const store = await startStore({
    ports,
    dataDir: path.join(work, 'data'),
    apiOutput: 'ignore',
    log: () => undefined,
    compositionFile: path.join(work, 'composition.json'),
    serverRender: true,
  });
  const { shellEdgeOptions } = store;
  if (!shellEdgeOptions.render) throw new Error('the store did not render on the server: build the shell first (npm run build -w shell)');
  const monolithDist = path.join(ROOT, 'shell/dist-monolith');
  if (!existsSync(path.join(monolithDist, 'index.html'))) throw new Error('no shell/dist-monolith: run npm run build:monolith -w shell first');
  // Beside the store's edge, the same edge three ways: its pages rendered by the browser only, and
  // the monolith build (which loads no remote files) both ways.
  const variants: Record<Exclude<Build, 'composed'>, Parameters<typeof buildShellEdge>[0]> = {
    'browser-rendered': { ...shellEdgeOptions, render: null },
    monolith: { ...shellEdgeOptions, dist: monolithDist, remotePreloads: false, render: null },
    'server-rendered monolith': { ...shellEdgeOptions, dist: monolithDist, remotePreloads: false },
  };
  const origins: Record<Build, string> = { composed: store.shellUrl, 'browser-rendered': '', monolith: '', 'server-rendered monolith': '' };
  const edges: FastifyInstance[] = [];
  for (const [index, [build, options]] of Object.entries(variants).entries()) {
    const edge = await buildShellEdge(options);
    edges.push(edge);
    const port = ports.shell + 20 + index;
    await edge.listen({ port, host: '127.0.0.1' });
    origins[build as Build] = `http://localhost:${port}`;
  }
  const browser = await launchBrowser({ shopper: true });
  try {
    const [product] = (await (await fetch(`${store.apiUrl}/products?limit=1&sort=popularity`)).json()) as { link: string }[];
    if (!product) throw new Error('the api has no products to open');
    const routes = BENCH_ROUTES.map((route) => ({ ...route, path: route.path.replace('{product}', encodeURIComponent(product.link)) }));
    // Unmeasured first: each server draws every route once (its first render of a page compiles
    // code and fills the api's caches, 50–80 ms more than the next), and the browser loads a page
    // of each build once. Without it the first build measured paid for them all.
    for (const build of BUILDS) {
      for (const { path: routePath } of routes) await warmUp(new URL(routePath, origins[build]));
      await measureRoute(browser, new URL(routes[0]?.path ?? '/', origins[build]).toString());
    }
    const results: RouteFigures[] = [];
    const runtimeBytes = federationRuntimeBytes();
    for (const benchRoute of routes) {
      const { route, path: routePath } = benchRoute;
      const measured = Object.fromEntries(BUILDS.map((build) => [build, [] as RouteMeasurement[]])) as Record<Build, RouteMeasurement[]>;
      // Alternate the builds run by run, so a slow moment of the machine hits both alike, and
      // start each run with the next build, so that none is always first.
      for (let run = 0; run < runs; run += 1) {
        for (const build of rotated(BUILDS, run)) measured[build].push(await measureRoute(browser, new URL(routePath, origins[build]).toString()));
      }
      const figures = Object.fromEntries(BUILDS.map((build) => [build, medians(measured[build])])) as RouteFigures['figures'];
      const composedFiles = [...measured.composed].sort((a, b) => a.gzipBytes - b.gzipBytes)[Math.floor(runs / 2)]?.files ?? [];
      const audits = await auditInTurn([{ route, urls: Object.fromEntries(AUDITED_BUILDS.map((build) => [build, new URL(routePath, origins[build]).toString()])) }], runs, log);
      const lighthouse = Object.fromEntries(AUDITED_BUILDS.map((build) => [build, audits[build]?.[0]])) as Record<AuditedBuild, LighthouseFigures>;
      results.push({ route, path: routePath, figures, lighthouse, composedFiles, budgetModelBytes: { desktop: firstLoadFromDist(benchRoute, 'desktop').gzipBytes, mobile: firstLoadFromDist(benchRoute, 'mobile').gzipBytes }, federationRuntimeBytes: runtimeBytes });
      log(
        `${route.padEnd(8)} composed ${(figures.composed.gzipBytes / 1024).toFixed(1)} KB, LCP ${figures.composed.lcp.toFixed(0)} ms (browser-rendered ${figures['browser-rendered'].lcp.toFixed(0)} ms) | monolith ${(figures.monolith.gzipBytes / 1024).toFixed(1)} KB, LCP ${figures['server-rendered monolith'].lcp.toFixed(0)} ms (browser-rendered ${figures.monolith.lcp.toFixed(0)} ms)`,
      );
    }
    return results;
  } finally {
    await browser.close();
    await Promise.all(edges.map((edge) => edge.close()));
    await store.stop();
    await rm(work, { recursive: true, force: true });
  }
}
