import { CompositionConflict, FileCompositionStore, type CompositionStore, type Revision } from '@storefront/release-state';
import type { FastifyBaseLogger } from 'fastify';
import { createRandom } from '../../seed/prng';
import { insertPageViews, pageViewToken, TEST_TELEMETRY_SECRET, testComposition, type TestComposition, type TestPageView } from '../../testing/telemetry';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';
import { until } from '../../testing/until';
import { AUTO_ABORT_ACTOR, CanaryWatch, judgeCanaryOnce, type CanaryLook } from './canaryWatch';
import { DEFAULT_CANARY_THRESHOLDS } from '../../options';
import { errorBound } from './judgement';
import { readJudgementState } from './telemetryQueries';

const BEACON_HEADERS = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/** `count` page views of a canary, each in its arm with `share`, failing at its arm's rate, drawn from `random`. */
function drawPageViews(
  random: ReturnType<typeof createRandom>,
  count: number,
  { startedBy, share, liveRate, canaryRate }: { startedBy: number; share: number; liveRate: number; canaryRate: number },
): TestPageView[] {
  return Array.from({ length: count }, () => {
    const arm = random.chance(share) ? 'canary' : 'live';
    return { arm, canary: startedBy, failed: random.chance(arm === 'canary' ? canaryRate : liveRate) };
  });
}

describe.each(testDatabases())('the abort worker ($name)', (target) => {
  let ctx: TestApp;
  let composition: TestComposition;

  beforeAll(async () => {
    composition = await testComposition();
    ctx = await startTestApp(target, {
      // Looks are made by the tests alone (judgeCanaryOnce).
      telemetry: { secret: TEST_TELEMETRY_SECRET, compositionFile: composition.file, checkMs: 3_600_000 },
      limits: { telemetry: { max: 1_000_000 } },
    });
  }, DATABASE_TIMEOUT_MS);
  afterAll(async () => {
    await ctx?.close();
    await composition?.remove();
  }, DATABASE_TIMEOUT_MS);

  it('aborts a canary whose pages fail at 3% against live’s 1%, reported over HTTP, as auto-abort with its judgement', async () => {
    const started = await composition.startCanary('1.5.0', 50);
    const startedBy = started.revision;
    const random = createRandom(3);
    let look: CanaryLook | undefined;
    let reported = 0;
    while (reported < 3000) {
      const views = drawPageViews(random, 100, { startedBy, share: 0.5, liveRate: 0.01, canaryRate: 0.03 });
      const answers = await Promise.all(
        views.map((view) =>
          ctx.app.inject({
            method: 'POST',
            url: '/telemetry',
            headers: BEACON_HEADERS,
            payload: {
              token: pageViewToken({ arm: view.arm, canary: startedBy, versions: { 'mfe-catalog': view.arm === 'canary' ? '1.5.0' : '1.4.0' } }),
              route: 'shop',
              ...(view.failed ? { remotes: { catalog: { loadFailures: 1 } } } : {}),
            },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(views.map(() => 204));
      reported += views.length;
      look = await judgeCanaryOnce(ctx.app);
      if (look.kind !== 'kept') break;
    }
    expect(look).toMatchObject({ kind: 'aborted', startedBy });
    if (look?.kind !== 'aborted') throw new Error('not aborted');
    // Every page view reported was judged, once.
    expect(look.test.live.views + look.test.canary.views).toBe(reported);
    expect(look.test.canary.failed / look.test.canary.views).toBeGreaterThan(look.test.live.failed / look.test.live.views);

    const revision = (await composition.store.revision(look.revision.revision)) as Revision;
    const bound = errorBound(DEFAULT_CANARY_THRESHOLDS.alpha);
    expect(revision).toMatchObject({
      by: AUTO_ABORT_ACTOR,
      action: 'abort',
      basedOn: startedBy,
      reason: look.judgement.summary,
      judgement: {
        rule: 'error-rate',
        summary: look.judgement.summary,
        canary: { pageViews: look.test.canary.views, failed: look.test.canary.failed },
        live: { pageViews: look.test.live.views, failed: look.test.live.failed },
        bound,
      },
    });
    expect(revision.judgement?.logLikelihoodRatio).toBeGreaterThanOrEqual(bound);
    expect(revision.judgement?.summary).toMatch(/^error rate: canary \d+ of \d+ page views failed \(\d+\.\d%\), live \d+ of \d+ \(\d+\.\d%\); log likelihood ratio \d+\.\d\d reached 3\.00/);
    expect(revision.composition.canary).toBeUndefined();
    expect(revision.changes).toEqual(['canary ended: mfe-catalog 1.5.0']);
    const live = await composition.store.live();
    expect(live).toEqual({ revision: revision.revision, document: { remotes: started.composition.remotes } });
    expect((await readJudgementState(ctx.database, startedBy)).abortedAt).not.toBeNull();

    // Ended: the next look finds no canary, and nothing more is published.
    expect(await judgeCanaryOnce(ctx.app)).toEqual({ kind: 'no-canary' });
    expect((await composition.store.live())?.revision).toBe(revision.revision);
  }, 60_000);

  it('does not abort an A/A canary (1% both, half the browsers) over 2 000 page views, for each of 20 seeds', async () => {
    const outcomes: string[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const { revision: startedBy } = await composition.startCanary(`1.5.${seed}`, 50);
      const random = createRandom(1000 + seed);
      let last: CanaryLook | undefined;
      for (let batch = 0; batch < 20; batch++) {
        await insertPageViews(ctx.database, drawPageViews(random, 100, { startedBy, share: 0.5, liveRate: 0.01, canaryRate: 0.01 }));
        last = await judgeCanaryOnce(ctx.app);
        if (last.kind !== 'kept') break;
      }
      outcomes.push(last?.kind === 'kept' ? `kept ${last.test.live.views + last.test.canary.views}` : `seed ${seed}: ${last?.kind ?? 'none'}`);
    }
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => 'kept 2000'));
  }, 120_000);

  it('aborts on INP once both arms have 200 samples and the canary’s p75 is 100 ms worse, not at 199', async () => {
    const { revision: startedBy } = await composition.startCanary('1.6.0', 10);
    const views = (arm: 'live' | 'canary', count: number, inp: number): TestPageView[] => Array.from({ length: count }, () => ({ arm, canary: startedBy, inp }));
    await insertPageViews(ctx.database, [...views('live', 400, 180), ...views('canary', 199, 280)]);
    expect(await judgeCanaryOnce(ctx.app)).toMatchObject({ kind: 'kept', startedBy });
    await insertPageViews(ctx.database, views('canary', 1, 280));
    const look = await judgeCanaryOnce(ctx.app);
    expect(look).toMatchObject({
      kind: 'aborted',
      startedBy,
      judgement: { rule: 'inp', canary: { p75Inp: 280, inpSamples: 200, pageViews: 200 }, live: { p75Inp: 180, inpSamples: 400, pageViews: 400 } },
    });
    if (look.kind !== 'aborted') throw new Error('not aborted');
    const revision = await composition.store.revision(look.revision.revision);
    expect(revision).toMatchObject({ by: AUTO_ABORT_ACTOR, reason: look.judgement.summary, judgement: { rule: 'inp' } });
  });

  it('tries again at the next look when another change went live while it aborted', async () => {
    const { revision: startedBy } = await composition.startCanary('1.7.0', 10);
    const real = new FileCompositionStore(composition.file);
    let conflicts = 1;
    const store: CompositionStore = {
      name: real.name,
      changeToken: () => real.changeToken(),
      live: () => real.live(),
      revisions: () => real.revisions(),
      revision: (number) => real.revision(number),
      markChecked: (...args) => real.markChecked(...args),
      upgrade: () => real.upgrade(),
      close: () => real.close(),
      async publish(change, basedOn, servedBefore) {
        if (conflicts > 0) {
          conflicts -= 1;
          throw new CompositionConflict((await real.revision(basedOn)) as Revision);
        }
        return real.publish(change, basedOn, servedBefore);
      },
    };
    const watch = new CanaryWatch({ database: ctx.database, store, thresholds: DEFAULT_CANARY_THRESHOLDS, intervalMs: 3_600_000, log: quietLog });
    await insertPageViews(ctx.database, [
      ...Array.from({ length: 300 }, (): TestPageView => ({ arm: 'live', canary: startedBy })),
      ...Array.from({ length: 100 }, (_, index): TestPageView => ({ arm: 'canary', canary: startedBy, failed: index < 20 })),
    ]);
    expect(await watch.look()).toMatchObject({ kind: 'not-aborted', why: 'conflict', startedBy });
    expect((await real.live())?.document.canary?.startedBy).toBe(startedBy);
    // Nothing new: the ratio, still past the bound, aborts it now.
    const second = await watch.look();
    expect(second).toMatchObject({ kind: 'aborted', startedBy, test: { canary: { views: 100, failed: 20 }, live: { views: 300 } } });
    await watch.close();
  });

  it('looks on its own every CANARY_CHECK_MS while it runs, and stops when closed', async () => {
    const { revision: startedBy } = await composition.startCanary('1.8.0', 10);
    const watch = new CanaryWatch({ database: ctx.database, store: composition.store, thresholds: DEFAULT_CANARY_THRESHOLDS, intervalMs: 50, log: quietLog });
    watch.start();
    try {
      await insertPageViews(ctx.database, [
        ...Array.from({ length: 300 }, (): TestPageView => ({ arm: 'live', canary: startedBy })),
        ...Array.from({ length: 100 }, (_, index): TestPageView => ({ arm: 'canary', canary: startedBy, failed: index < 20 })),
      ]);
      await until(async () => (await composition.store.live())?.document.canary === undefined, 'the worker aborted the canary on its own', { timeoutMs: 10_000, everyMs: 50 });
      const newest = (await composition.store.revisions()).at(-1);
      expect(newest).toMatchObject({ by: AUTO_ABORT_ACTOR, action: 'abort', basedOn: startedBy });
    } finally {
      await watch.close();
    }
  });

  if (target.name === 'postgres') {
    it('leaves a look to the process that holds the judgement lock', async () => {
      const { revision: startedBy } = await composition.startCanary('1.9.0', 10);
      await insertPageViews(ctx.database, [{ arm: 'canary', canary: startedBy }]);
      const other = await (ctx.connectAgain as () => Promise<typeof ctx.database>)();
      try {
        await other.transaction(async (tx) => {
          await tx.query(`SELECT pg_advisory_xact_lock(hashtext('storefront:canary-judgement:' || current_schema()))`);
          expect(await judgeCanaryOnce(ctx.app)).toEqual({ kind: 'busy' });
        });
      } finally {
        await other.close();
      }
      expect(await judgeCanaryOnce(ctx.app)).toMatchObject({ kind: 'kept', test: { canary: { views: 1 } } });
    });

    it('counts the page views committed at each look, and one committed after later ones at the next, never skipping it or counting it twice', async () => {
      const { revision: startedBy } = await composition.startCanary('1.10.0', 10);
      const other = await (ctx.connectAgain as () => Promise<typeof ctx.database>)();
      let commit: () => void = () => undefined;
      const committed = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let inserted: () => void = () => undefined;
      const insertedEarly = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      try {
        // A page view whose seq comes first, written in a transaction that commits late.
        const late = other.transaction(async (tx) => {
          await insertPageViews(tx, [{ arm: 'canary', canary: startedBy, failed: true }]);
          inserted();
          await committed;
        });
        await insertedEarly;
        await insertPageViews(ctx.database, [{ arm: 'canary', canary: startedBy }, { arm: 'live', canary: startedBy }]);
        // Those committed are counted at once; the one still being written is not yet…
        expect(await judgeCanaryOnce(ctx.app)).toMatchObject({ kind: 'kept', test: { canary: { views: 1, failed: 0 }, live: { views: 1 } } });
        commit();
        await late;
        const seqs = await ctx.database.query<{ seq: string; failed: boolean }>('SELECT seq::text, failed FROM page_views WHERE canary_revision = $1 ORDER BY seq', [startedBy]);
        expect(seqs.rows.map((row) => row.failed)).toEqual([true, false, false]);
        // …and is at the next look, once, though its seq came first.
        expect(await judgeCanaryOnce(ctx.app)).toMatchObject({ kind: 'kept', test: { canary: { views: 2, failed: 1 }, live: { views: 1 } } });
        expect(await judgeCanaryOnce(ctx.app)).toMatchObject({ kind: 'kept', test: { canary: { views: 2, failed: 1 }, live: { views: 1 } } });
      } finally {
        commit();
        await other.close();
      }
    });
  }
});
