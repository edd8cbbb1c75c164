import { signServerReport, type PageView } from '@storefront/release-state';
import { SERVER_REPORT_SIGNATURE_HEADER } from '@storefront/contracts';
import { newMachineToken } from '../../identity/machineCredential';
import { insertPageViews, pageViewToken, TEST_TELEMETRY_SECRET, testComposition, type TestComposition } from '../../testing/telemetry';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { judgeCanaryOnce } from './canaryWatch';
import { DEFAULT_CANARY_THRESHOLDS } from '../../options';
import { addBatch, errorBound, NEW_ERROR_TEST } from './judgement';
import type { ReleaseHealth } from './releaseHealthRoutes';

const HEALTH = '/operator/releases/health';
const BEACON_HEADERS = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };

describe.each(testDatabases())('release health ($name)', (target) => {
  const machine = newMachineToken();
  const asCommandLine = { authorization: `Bearer ${machine.token}` };
  let ctx: TestApp;
  let composition: TestComposition;

  beforeAll(async () => {
    composition = await testComposition();
    ctx = await startTestApp(target, {
      machineTokenHash: machine.hash,
      telemetry: { secret: TEST_TELEMETRY_SECRET, compositionFile: composition.file, checkMs: 3_600_000 },
    });
  }, DATABASE_TIMEOUT_MS);
  afterAll(async () => {
    await ctx?.close();
    await composition?.remove();
  }, DATABASE_TIMEOUT_MS);

  async function report(view: Partial<PageView>, body: Record<string, unknown>): Promise<void> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/telemetry',
      headers: BEACON_HEADERS,
      payload: { token: pageViewToken(view), route: 'home', ...body },
    });
    expect(response.statusCode).toBe(204);
  }

  async function serverReport(failures: { remote: string; version: string; arm: string; count: number }[]): Promise<void> {
    const text = JSON.stringify({ failures, at: new Date().toISOString() });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/telemetry/server',
      headers: { 'content-type': 'application/json', [SERVER_REPORT_SIGNATURE_HEADER]: signServerReport(TEST_TELEMETRY_SECRET, text) },
      payload: text,
    });
    expect(response.statusCode).toBe(204);
  }

  async function health(query = ''): Promise<ReleaseHealth> {
    const response = await ctx.app.inject({ url: `${HEALTH}${query}`, headers: asCommandLine });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<ReleaseHealth>();
  }

  it('is for operators and the command line alone', async () => {
    const anonymous = await ctx.app.inject({ url: HEALTH });
    expect(anonymous.statusCode).toBe(401);
    const wrongToken = await ctx.app.inject({ url: HEALTH, headers: { authorization: `Bearer ${newMachineToken().token}` } });
    expect(wrongToken.statusCode).toBe(401);
    const badWindow = await ctx.app.inject({ url: `${HEALTH}?hours=0`, headers: asCommandLine });
    expect(badWindow.statusCode).toBe(400);
    expect(badWindow.json()).toMatchObject({ error: 'bad_request', message: expect.stringMatching(/querystring\/hours/) });
  });

  it('gives each remote version its page views, failures, error rate, p75 LCP and INP over the window, and the edge’s failed renders', async () => {
    await report({}, { vitals: { lcp: 1000, inp: 100 }, remotes: { catalog: { loadFailures: 1 } } });
    await report({}, { vitals: { lcp: 2000, inp: 200 } });
    await report({}, { vitals: { lcp: 3000 } });
    await report({}, { vitals: { lcp: 4000, inp: 400 }, remotes: { cart: { retries: 1 } } });
    // Two days ago: outside the default window of 24 hours.
    await insertPageViews(ctx.database, [{ arm: 'live', canary: null, failed: true, lcp: 9000, daysAgo: 2 }]);
    await serverReport([
      { remote: 'mfe-catalog', version: '1.4.0', arm: 'live', count: 3 },
      { remote: 'mfe-product', version: '2.0.0', arm: 'live', count: 2 },
    ]);

    const answer = await health();
    expect(answer.canary).toBeNull();
    expect(answer.window.hours).toBe(24);
    expect(Date.now() - Date.parse(answer.window.since)).toBeGreaterThanOrEqual(24 * 3_600_000 - 60_000);
    expect(answer.versions).toEqual([
      // percentile_cont: p75 of 1000, 2000, 3000, 4000 is 3250; of the INPs measured (100, 200, 400), 300.
      { remote: 'mfe-cart', version: '1.0.2', pageViews: 4, failed: 0, errorRate: 0, p75Lcp: 3250, p75Inp: 300, inpSamples: 3, serverRenderFailures: 0 },
      { remote: 'mfe-catalog', version: '1.4.0', pageViews: 4, failed: 1, errorRate: 0.25, p75Lcp: 3250, p75Inp: 300, inpSamples: 3, serverRenderFailures: 3 },
      { remote: 'mfe-product', version: '2.0.0', pageViews: 0, failed: 0, errorRate: null, p75Lcp: null, p75Inp: null, inpSamples: 0, serverRenderFailures: 2 },
    ]);

    const threeDays = await health('?hours=72');
    expect(threeDays.versions.find((version) => version.remote === 'mfe-catalog')).toMatchObject({ pageViews: 5, failed: 2, errorRate: 0.4 });
  });

  it('gives the running canary’s arms, over its own page views only, and where its error test and INP stand', async () => {
    const started = await composition.startCanary('1.5.0', 25);
    const startedBy = started.revision;
    const canaryVersions = { 'mfe-catalog': '1.5.0', 'mfe-cart': '1.0.2' };
    await report({ arm: 'live', canary: startedBy }, { vitals: { inp: 100 } });
    await report({ arm: 'live', canary: startedBy }, { vitals: { inp: 300 } });
    await report({ arm: 'live', canary: startedBy }, { remotes: { cart: { fallback: true } } });
    await report({ arm: 'canary', canary: startedBy, versions: canaryVersions }, { vitals: { inp: 500 }, remotes: { catalog: { caughtErrors: 1 } } });
    await report({ arm: 'canary', canary: startedBy, versions: canaryVersions }, { vitals: { inp: 700, lcp: 1200 } });
    // Neither counts for this canary: a tester's preview, and a page served under an earlier one.
    await report({ arm: 'preview', canary: startedBy, versions: canaryVersions }, { remotes: { catalog: { loadFailures: 5 } } });
    await report({ arm: 'canary', canary: startedBy - 1, versions: canaryVersions }, { remotes: { catalog: { loadFailures: 5 } } });
    await serverReport([{ remote: 'mfe-catalog', version: '1.5.0', arm: 'canary', count: 6 }]);

    const before = (await health()).canary;
    expect(before).toMatchObject({
      startedBy,
      percent: 25,
      since: started.composition.canary?.since,
      remotes: { 'mfe-catalog': '1.5.0' },
      arms: {
        live: { pageViews: 3, failed: 1, errorRate: 1 / 3, p75Lcp: null, p75Inp: 250, inpSamples: 2, serverRenderFailures: 0 },
        canary: { pageViews: 2, failed: 1, errorRate: 0.5, p75Lcp: 1200, p75Inp: 650, inpSamples: 2, serverRenderFailures: 6 },
      },
      // Nothing judged yet.
      errorTest: { logLikelihoodRatio: 0, bound: errorBound(0.05), margin: 0.02, alpha: 0.05, judged: { live: 0, canary: 0 }, liveRate: null, canaryRate: null },
      inp: { liveP75: 250, canaryP75: 650, liveSamples: 2, canarySamples: 2, marginMs: 100, minSamples: 200 },
    });

    expect(await judgeCanaryOnce(ctx.app)).toMatchObject({ kind: 'kept', startedBy });
    const after = (await health()).canary;
    const expected = addBatch(NEW_ERROR_TEST, { live: { views: 3, failed: 1 }, canary: { views: 2, failed: 1 } }, DEFAULT_CANARY_THRESHOLDS.errorMargin);
    expect(after?.errorTest).toEqual({
      logLikelihoodRatio: expected.logLikelihoodRatio,
      bound: errorBound(0.05),
      margin: 0.02,
      alpha: 0.05,
      judged: { live: 3, canary: 2 },
      liveRate: 1 / 3,
      canaryRate: 0.5,
    });
    expect(after?.errorTest.logLikelihoodRatio).toBeGreaterThan(0);
  });
});
