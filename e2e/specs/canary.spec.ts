/**
 * Canary releases, as release managers run them and shoppers meet them: a share of browsers gets
 * the canary's version and keeps it; every page load reports its health with the page-view token
 * the server gave it; the api's abort worker ends a canary that fails more often than live, and
 * never one that fails as often; a canary's region that cannot load falls back on the live version.
 *
 * Page views are driven over HTTP (the composition with its token, then the report) beside real
 * browsers, whose reports go by navigator.sendBeacon.
 */
import { promises as fs } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { abortCanary, FileCompositionStore, type CompositionDocument, type Revision } from '@storefront/release-state';
import { launchBrowser, newShopper, remoteUrls, shellUrl } from '../support/browser';
import { compositionFile, removeComposition } from '../support/composition';
import { drivePageViews, failureStream, loadComposition, releaseHealth, seededRandom, type LoadedComposition } from '../support/pageViews';
import { E2E_KNOWN_GOOD_AFTER_MS, TWO_RELEASES_TIMEOUT_MS, catalogVersionOnHome, compose, ensureCatalogReleased } from '../support/releases';

let browser: Browser;

/**
 * The A/A runs through the whole store: the edge's arms and signed tokens, the reports over HTTP,
 * the api's abort worker on its own clock. How seldom the test aborts a canary no worse than live
 * is the api's tests' to measure, over many seeds (judgement.test.ts: 400 simulated canaries;
 * canaryWatch.test.ts: 20 seeds through the worker, on both databases); here, five runs of 2 000
 * page views show the store's own path adds no false difference between the arms. With twenty,
 * beside the other browser specs on a busy day, this spec ran minutes longer than any other.
 */
const A_A_RUNS = 5;
const catalogOrigin = () => new URL(remoteUrls()['mfe-catalog'] ?? '').origin;

async function liveDocument(): Promise<CompositionDocument & { revision: number }> {
  return JSON.parse(await fs.readFile(compositionFile(), 'utf8')) as CompositionDocument & { revision: number };
}

async function revision(number: number): Promise<Revision> {
  const file = compositionFile().replace(/composition\.json$/, `revisions/${String(number).padStart(6, '0')}.json`);
  return JSON.parse(await fs.readFile(file, 'utf8')) as Revision;
}

/**
 * Asks `done` every `everyMs` (the health figures are a query over every page view: not too often).
 * `what` may be a function, for a failure that says what was seen last.
 */
async function waitUntil(what: string | (() => string), done: () => Promise<boolean>, { timeoutMs = 60_000, everyMs = 250 } = {}): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    if (await done()) return;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Leaves the page for another of the store's addresses (its robots.txt, which runs no shell), as a
 * shopper leaves for another site's page or the store's own: the page's pagehide sends its report.
 * Left for about:blank instead, a page's report was now and then never counted on a busy machine
 * (on two runs in a row: some of 8, then one of 12): that navigation may give the tab a new
 * renderer process, and the old one can go before its beacon has left it.
 */
async function leaveForAnotherPage(page: Page): Promise<void> {
  await page.goto(shellUrl('/robots.txt'));
}

/** Catalog 1.0.1 live, known good; the same build released again as 1.0.2, the canary of these scenarios. */
async function liveAndKnownGood(): Promise<void> {
  await compose('set', 'catalog=1.0.1', '--reason', 'the canary spec starts from 1.0.1');
  await new Promise((resolve) => setTimeout(resolve, E2E_KNOWN_GOOD_AFTER_MS + 500));
}

beforeAll(async () => {
  // `compose status` asks the api whose credential is in its data folder.
  process.env.DATA_DIR = process.env.E2E_DATA_DIR;
  browser = await launchBrowser();
  await ensureCatalogReleased('1.0.1');
  await ensureCatalogReleased('1.0.2');
  await removeComposition();
  await liveAndKnownGood();
}, TWO_RELEASES_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await removeComposition();
});

afterEach(async () => {
  // Whatever a scenario left running ends with it.
  if ((await liveDocument()).canary) await compose('abort', '--reason', 'the scenario ended');
});

describe('a canary', () => {
  it('at 50% goes to about half of new browsers, each keeping its version on every load, and their reports count per arm', async () => {
    await compose('canary', 'catalog=1.0.2', '--percent', '50', '--reason', 'half the browsers');
    const { startedBy } = (await liveDocument()).canary!;
    // The share: 400 browsers' first page loads, as a browser with no id makes them (the
    // composition, which gives it its id), 20 at a time.
    const firsts: LoadedComposition[] = [];
    while (firsts.length < 400) firsts.push(...(await Promise.all(Array.from({ length: 20 }, () => loadComposition()))));
    expect(new Set(firsts.map((first) => first.cookie)).size).toBe(400);
    expect(firsts.filter(({ arm, catalogVersion }) => !(arm === 'canary' ? catalogVersion === '1.0.2' : arm === 'live' && catalogVersion === '1.0.1'))).toEqual([]);
    // Binomial(400, ½): outside 160 to 240 (four standard deviations) one run in about 16 000.
    const inCanary = firsts.filter(({ arm }) => arm === 'canary').length;
    expect(inCanary).toBeGreaterThanOrEqual(160);
    expect(inCanary).toBeLessThanOrEqual(240);

    // Real browsers, two at a time, until each arm has two: each keeps its version on a reload,
    // and its page loads' reports count in its arm (those first loads above sent none).
    const versions: string[] = [];
    const contexts: BrowserContext[] = [];
    const count = (version: string) => versions.filter((each) => each === version).length;
    while (count('1.0.1') < 2 || count('1.0.2') < 2) {
      // Twenty browsers without two in each arm: one run in about 25 000.
      if (versions.length >= 20) throw new Error(`20 browsers and not two in each arm: ${versions.join(', ')}`);
      await Promise.all(
        Array.from({ length: 2 }, async () => {
          const { context, page } = await newShopper(browser);
          contexts.push(context);
          const first = await catalogVersionOnHome(page);
          // A reload and a visit later: the same version.
          expect(await catalogVersionOnHome(page)).toBe(first);
          versions.push(first ?? '');
          // Leaving the page sends its report (pagehide). The browser stays open until the api
          // has them all: one closed at once may drop a beacon still on its way.
          await leaveForAnotherPage(page);
        }),
      );
    }
    expect(versions.filter((version) => version !== '1.0.1' && version !== '1.0.2')).toEqual([]);
    const canaryBrowsers = count('1.0.2');
    const liveBrowsers = count('1.0.1');
    // Each browser's two page loads reported once, in the arm it was served.
    let counted = 'no canary in the health figures';
    await waitUntil(
      () => `the browsers’ ${2 * versions.length} reports (${versions.join(', ')}); counted last: ${counted}`,
      async () => {
        const arms = (await releaseHealth()).canary?.arms;
        if (arms) counted = `canary ${arms.canary.pageViews}, live ${arms.live.pageViews}`;
        return (arms?.canary.pageViews ?? 0) + (arms?.live.pageViews ?? 0) >= 2 * versions.length;
      },
    );
    await Promise.all(contexts.map((context) => context.close()));
    const health = await releaseHealth();
    expect(health.canary?.startedBy).toBe(startedBy);
    expect([health.canary?.arms.canary.pageViews, health.canary?.arms.live.pageViews]).toEqual([2 * canaryBrowsers, 2 * liveBrowsers]);
    expect(health.canary?.arms.canary.failed).toBe(0);
    expect(health.versions.find((version) => version.remote === 'mfe-catalog' && version.version === '1.0.2')?.pageViews).toBeGreaterThanOrEqual(2 * canaryBrowsers);
    // What a release manager reads of it (compose finds the api through its data folder).
    const status = await compose('status');
    expect(status).toContain(`canary since revision ${startedBy} (`);
    expect(status).toContain('catalog 1.0.2 for 50% of browsers');
    expect(status).toMatch(new RegExp(`│ canary\\s+│ ${2 * canaryBrowsers}\\s+│ 0\\s+│ '0\\.00%'`));
    expect(status).toContain('error rate: the sequential test stands at');
  }, 240_000);

  it('whose region cannot load falls back on the live version, the rest of the page working, and the page view counts as failed', async () => {
    await compose('canary', 'catalog=1.0.2', '--percent', '100', '--reason', 'every browser');
    const { context, page } = await newShopper(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await context.route(
      (url) => url.origin === catalogOrigin() && /\/releases\/1\.0\.2\/remoteEntry\.js$/.test(url.pathname),
      (route) => route.abort(),
    );
    expect(await catalogVersionOnHome(page)).toBe('1.0.1');
    expect(await page.getByTestId('remote-fallback').count()).toBe(0);
    await page.getByTestId('product-card').first().getByRole('link').first().click();
    await page.getByRole('button', { name: /add to cart/i }).first().waitFor();
    expect(errors).toEqual([]);
    await leaveForAnotherPage(page);
    // Closed once its report is in: one closed at once may drop its beacon.
    await waitUntil('the failed page view', async () => ((await releaseHealth()).canary?.arms.canary.failed ?? 0) >= 1);
    await context.close();
  }, 120_000);

  it('failing 3% of page views against live’s 1% is aborted by the api within 500 canary page views, with the figures in the history', async () => {
    await compose('canary', 'catalog=1.0.2', '--percent', '10', '--reason', 'a canary that fails');
    const { startedBy } = (await liveDocument()).canary!;
    // A browser in the canary, to see it come back to live.
    let inCanary = await loadComposition();
    while (inCanary.arm !== 'canary') inCanary = await loadComposition();
    const random = seededRandom(61);
    const driven = await drivePageViews({
      views: 10_000,
      canaryFails: failureStream(3, random),
      liveFails: failureStream(1, random),
      stop: async () => !(await liveDocument()).canary,
    });
    await waitUntil('the abort', async () => !(await liveDocument()).canary);
    const aborted = await revision((await liveDocument()).revision);
    expect(aborted).toMatchObject({ action: 'abort', by: 'auto-abort', basedOn: startedBy });
    expect(aborted.judgement?.rule).toBe('error-rate');
    expect(aborted.judgement?.canary.pageViews).toBeLessThanOrEqual(500);
    expect(aborted.judgement?.logLikelihoodRatio).toBeGreaterThanOrEqual(aborted.judgement?.bound ?? Infinity);
    expect(driven.canaryViews).toBeGreaterThan(0);
    // Shoppers get the live version on their next page.
    expect(await loadComposition(inCanary.cookie)).toMatchObject({ arm: 'live', catalogVersion: '1.0.1' });
    expect(await compose('history', '--limit', '2')).toContain(`judged: ${aborted.judgement?.summary}`);
  }, 240_000);

  it(`is never aborted in ${A_A_RUNS} A/A runs (the live build again as the canary, 1% of page views failing in both, 2 000 page views each)`, async () => {
    // Started and ended through the store as the compose command writes them (its checks are the
    // other scenarios' and scripts/compose.test.ts's): 20 runs of the command's checks took a minute.
    const store = new FileCompositionStore(compositionFile());
    const started = await liveDocument();
    const canaryEntry = { version: '1.0.2', manifest: started.remotes['mfe-catalog']!.manifest.replace('/1.0.1/', '/1.0.2/') };
    for (let run = 1; run <= A_A_RUNS; run += 1) {
      const live = await liveDocument();
      const { revision: basedOn, ...document } = live;
      const current = await store.revision(basedOn);
      await store.publish(
        {
          by: 'canary spec',
          reason: `A/A run ${run}`,
          action: 'canary',
          composition: { ...document, canary: { remotes: { 'mfe-catalog': canaryEntry }, percent: 50, startedBy: basedOn + 1, since: new Date().toISOString() } },
          facts: current?.facts ?? {},
          checkedAt: current?.checkedAt ?? null,
        },
        basedOn,
      );
      const random = seededRandom(1000 + run);
      const driven = await drivePageViews({ views: 2000, canaryFails: failureStream(1, random), liveFails: failureStream(1, random), concurrency: 16, toApi: true });
      // Every page view judged…
      await waitUntil(`run ${run}'s judgement`, async () => {
        const judged = (await releaseHealth()).canary?.errorTest.judged;
        return (judged?.canary ?? 0) + (judged?.live ?? 0) >= driven.views;
      });
      // …and the canary still runs.
      expect([run, (await liveDocument()).canary?.percent]).toEqual([run, 50]);
      await abortCanary(store, { by: 'canary spec', reason: `A/A run ${run} ended` });
    }
  }, 600_000);
});
