/**
 * Page views driven over HTTP, as browsers make them: each loads /composition.json (which gives a
 * browser with no id its own, and the page view its signed token) and then sends its health report
 * to the api through the edge, failing or not as the test injects. Release health as the api
 * counts it, asked with the credential the api writes for the command line.
 */
import type { ReleaseHealthSchema, Static } from '@storefront/contracts';
import { readMachineCredentials } from '@storefront/api/machine-credential';
import { shellUrl } from './browser';

export type ReleaseHealth = Static<typeof ReleaseHealthSchema>;

/** A small seeded generator (mulberry32): the same seed injects the same failures. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LoadedComposition {
  /** `sf_release=…`: the browser's id, as its cookie goes back. */
  cookie: string;
  arm: 'live' | 'canary' | 'preview';
  token: string;
  catalogVersion: string;
}

/** One page load's composition, for a browser with this id cookie (a new browser without). */
export async function loadComposition(cookie?: string): Promise<LoadedComposition> {
  const answer = await fetch(shellUrl('/composition.json'), { headers: cookie ? { cookie } : {} });
  if (!answer.ok) throw new Error(`/composition.json answered ${answer.status}`);
  const body = (await answer.json()) as { arm: LoadedComposition['arm']; pageView?: string; remotes: Record<string, { version: string }> };
  if (!body.pageView) throw new Error('/composition.json has no page-view token: the edge has no TELEMETRY_SECRET');
  const given = answer.headers.get('set-cookie')?.split(';')[0];
  return { cookie: cookie ?? given ?? '', arm: body.arm, token: body.pageView, catalogVersion: body.remotes['mfe-catalog']?.version ?? '' };
}

/**
 * The page view's report: a failed one says the catalog's region caught an error. Through the
 * edge as a browser's beacon goes, or (`toApi`) to the api itself, which takes the same report
 * and token: thousands of reports go faster without the edge's proxy on a two-core machine.
 */
export async function sendReport(token: string, failed: boolean, toApi = false): Promise<number> {
  const body = { token, route: 'home', ...(failed ? { remotes: { catalog: { caughtErrors: 1 } } } : {}) };
  const url = toApi ? `${process.env.E2E_API_URL ?? ''}/telemetry` : shellUrl('/api/telemetry');
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: new URL(shellUrl('/')).origin }, body: JSON.stringify(body) });
  await answer.arrayBuffer();
  return answer.status;
}

/**
 * Which of an arm's page views fail: exactly `perHundred` of each hundred, at places a seeded
 * generator picks. Exact rates, not a coin per view: a scenario's verdict must not depend on luck
 * (how the sequential test does under a coin's noise is measured by the api's judgement tests and
 * stated in docs/releasing.md).
 */
export function failureStream(perHundred: number, random: () => number): () => boolean {
  let block: boolean[] = [];
  return () => {
    if (block.length === 0) {
      block = Array.from({ length: 100 }, (_, index) => index < perHundred);
      for (let index = block.length - 1; index > 0; index -= 1) {
        const other = Math.floor(random() * (index + 1));
        [block[index], block[other]] = [block[other] as boolean, block[index] as boolean];
      }
    }
    return block.pop() as boolean;
  };
}

export interface DriveOptions {
  views: number;
  /** Whether the canary's next page view fails, and the live one's. */
  canaryFails: () => boolean;
  liveFails: () => boolean;
  /** Page views at once. */
  concurrency?: number;
  /** Reports straight to the api (sendReport's `toApi`). */
  toApi?: boolean;
  /** Asked after each round of `concurrency` views: true stops the drive. */
  stop?: () => Promise<boolean>;
}

export interface Driven {
  views: number;
  canaryViews: number;
  liveViews: number;
}

/** Page views of new browsers, each reported once with its injected failure; stops early when `stop` says so. */
export async function drivePageViews({ views, canaryFails, liveFails, concurrency = 8, toApi = false, stop }: DriveOptions): Promise<Driven> {
  const driven: Driven = { views: 0, canaryViews: 0, liveViews: 0 };
  while (driven.views < views) {
    const round = Math.min(concurrency, views - driven.views);
    await Promise.all(
      Array.from({ length: round }, async () => {
        const loaded = await loadComposition();
        const failed = loaded.arm === 'canary' ? canaryFails() : liveFails();
        const status = await sendReport(loaded.token, failed, toApi);
        if (status !== 202 && status !== 204) throw new Error(`the report was answered ${status}`);
        if (loaded.arm === 'canary') driven.canaryViews += 1;
        else driven.liveViews += 1;
      }),
    );
    driven.views += round;
    if (stop && (await stop())) break;
  }
  return driven;
}

/** What the api says of the versions' health (GET /operator/releases/health). */
export async function releaseHealth(): Promise<ReleaseHealth> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the e2e suite through jest (npm run test:e2e)');
  const [credential] = await readMachineCredentials(dataDir);
  if (!credential) throw new Error(`the e2e api wrote no credential in ${dataDir}`);
  const answer = await fetch(`${credential.url}/operator/releases/health`, { headers: { authorization: `Bearer ${credential.token}` } });
  if (!answer.ok) throw new Error(`GET /operator/releases/health answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as ReleaseHealth;
}
