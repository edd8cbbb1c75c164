/**
 * Section 7: guests' pages while a canary runs. A guest's page is drawn once and shared per
 * served composition, so a canary (two compositions served at once, and a cookie set on every new
 * browser's first answer) must not cost the guest page cache: guest home keeps ≥ 1 000 pages/s.
 * Measured on one store: with no canary, then with a 50% canary, for new browsers (no cookie:
 * each is given its id and one of the two arms) and for returning ones of each arm; and how many
 * page views a second the store takes while browsers report their health.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { FileCompositionStore, REMOTES, type CompositionDocument } from '@storefront/release-state';
import { localComposition } from '@storefront/edge/composition';
import { workingVersions } from '@storefront/edge/packages';
import { startStore } from '@storefront/scripts/start-store';
import { MOBILE_USER_AGENT } from './lib/frontEnd';
import { storePorts } from './lib/servers';

export interface CanaryLoadFigures {
  /** Who asks: new browsers, or returning ones of an arm. */
  case: string;
  pagesPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Of the answers, those that set the browser's id. */
  cookiesSet: number;
}

export interface CanaryFigures {
  load: CanaryLoadFigures[];
  /** Page views a second loaded and reported (composition, token, report) at 8 at once. */
  reportsPerSecond: number;
}

/** The guest home page goal while a canary runs. */
export const CANARY_GUEST_PAGES_PER_SECOND = 1_000;

async function guestHome(url: string, cookie: string | undefined): Promise<Omit<CanaryLoadFigures, 'case'>> {
  let cookiesSet = 0;
  const result = await autocannon({
    url,
    connections: 20,
    duration: 5,
    headers: { 'user-agent': MOBILE_USER_AGENT, 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) },
    setupClient: (client) => {
      client.on('headers', ({ headers }) => {
        for (let index = 0; index < headers.length; index += 2) if (String(headers[index]).toLowerCase() === 'set-cookie') cookiesSet += 1;
      });
    },
  });
  return { pagesPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, cookiesSet };
}

/** A browser's id in the arm asked for, as the edge gives it. */
async function browserIn(shellUrl: string, arm: 'live' | 'canary'): Promise<string> {
  for (let tries = 0; tries < 200; tries += 1) {
    const answer = await fetch(new URL('/composition.json', shellUrl));
    const body = (await answer.json()) as { arm: string };
    if (body.arm === arm) return answer.headers.get('set-cookie')?.split(';')[0] ?? '';
  }
  throw new Error(`no browser of 200 was put in the ${arm} arm`);
}

async function reportsPerSecond(shellUrl: string, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let reported = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (Date.now() < until) {
        const body = (await (await fetch(new URL('/composition.json', shellUrl))).json()) as { pageView?: string };
        const answer = await fetch(new URL('/api/telemetry', shellUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: body.pageView, route: 'home' }) });
        await answer.arrayBuffer();
        if (answer.ok) reported += 1;
      }
    }),
  );
  return reported / seconds;
}

export async function benchCanary(log: (line: string) => void): Promise<CanaryFigures> {
  const ports = storePorts();
  const work = await mkdtemp(path.join(os.tmpdir(), 'storefront-bench-canary-'));
  const compositionFile = path.join(work, 'composition', 'composition.json');
  // Every report comes from this one address: the limit per address would count them as one shopper's.
  const store = await startStore({ ports, dataDir: path.join(work, 'data'), apiOutput: 'ignore', log: () => undefined, compositionFile, serverRender: true, apiEnvironment: { LIMIT_TELEMETRY: '1000000/1m' } });
  try {
    const home = new URL('/', store.shellUrl).toString();
    const load: CanaryLoadFigures[] = [];
    const measure = async (name: string, cookie?: string) => {
      // One run to draw and keep the pages, then the measured one.
      await guestHome(home, cookie);
      const figures = { case: name, ...(await guestHome(home, cookie)) };
      load.push(figures);
      log(`canary: guest home, ${name}: ${figures.pagesPerSecond.toFixed(0)} pages/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.errors} errors, ${figures.cookiesSet} ids given`);
    };
    await measure('no canary, new browsers');
    // The working builds live, and a canary of every remote's same build under another version
    // for half the browsers: two compositions served, each drawn with its own server containers.
    const live = localComposition(ports, 'localhost', workingVersions());
    const composition = new FileCompositionStore(compositionFile);
    await composition.publish({ by: 'bench', reason: null, action: 'set', composition: live, facts: {}, checkedAt: new Date().toISOString() }, 0);
    const canaryRemotes: CompositionDocument['remotes'] = {};
    for (const remote of REMOTES) {
      const entry = live.remotes[remote];
      if (entry) canaryRemotes[remote] = { ...entry, version: `${entry.version}-canary` };
    }
    await composition.publish(
      { by: 'bench', reason: null, action: 'canary', composition: { ...live, canary: { remotes: canaryRemotes, percent: 50, startedBy: 2, since: new Date().toISOString() } }, facts: {}, checkedAt: new Date().toISOString() },
      1,
    );
    await measure('50% canary, new browsers');
    await measure('50% canary, returning browsers in the canary', await browserIn(store.shellUrl, 'canary'));
    await measure('50% canary, returning browsers on live', await browserIn(store.shellUrl, 'live'));
    const reports = await reportsPerSecond(store.shellUrl, 5);
    log(`canary: ${reports.toFixed(0)} page views a second loaded and reported (8 at once)`);
    return { load, reportsPerSecond: reports };
  } finally {
    await store.stop();
    await rm(work, { recursive: true, force: true });
  }
}
