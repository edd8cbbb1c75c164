import { createRandom } from '../../seed/prng';
import { DEFAULT_CANARY_THRESHOLDS } from '../../options';
import {
  addBatch,
  errorBound,
  judgeCanary,
  liveBaseline,
  NEW_ERROR_TEST,
  viewWeights,
  worseRate,
  type ArmCounts,
  type ErrorTest,
  type InpFigures,
} from './judgement';

const thresholds = DEFAULT_CANARY_THRESHOLDS;
const margin = thresholds.errorMargin;
const noInp = { live: { p75: null, samples: 0 }, canary: { p75: null, samples: 0 } };

/** Live with 900 page views, 18 failed: p0 is (18 + 2) / (900 + 100), exactly 2%. */
const liveAtTwoPercent: ArmCounts = { views: 900, failed: 18 };

function testWith(logLikelihoodRatio: number): ErrorTest {
  return { live: liveAtTwoPercent, canary: { views: 300, failed: 12 }, logLikelihoodRatio };
}

/** The test after `batches` batches, each of `live` and `canary` page views failing in the ratio given, exactly. */
function steadyBatches(batches: number, live: ArmCounts, canary: ArmCounts): ErrorTest[] {
  const tests: ErrorTest[] = [];
  let test = NEW_ERROR_TEST;
  for (let index = 0; index < batches; index++) {
    test = addBatch(test, { live, canary }, margin);
    tests.push(test);
  }
  return tests;
}

/** One seeded A/B run: `views` page views, `share` of them the canary's, judged every `batch`; the canary views seen when aborted, or null. */
function simulate(seed: number, { views, share, liveRate, canaryRate, batch }: { views: number; share: number; liveRate: number; canaryRate: number; batch: number }): number | null {
  const random = createRandom(seed);
  let test = NEW_ERROR_TEST;
  for (let done = 0; done < views; done += batch) {
    const live = { views: 0, failed: 0 };
    const canary = { views: 0, failed: 0 };
    for (let view = 0; view < batch; view++) {
      const arm = random.chance(share) ? canary : live;
      arm.views += 1;
      if (random.chance(arm === canary ? canaryRate : liveRate)) arm.failed += 1;
    }
    test = addBatch(test, { live, canary }, margin);
    if (judgeCanary(test, noInp, thresholds)) return test.canary.views;
  }
  return null;
}

describe('the error-rate test', () => {
  it('takes live at 2% by 100 pseudo-views before it has any, and its own rate as it grows', () => {
    expect(liveBaseline({ views: 0, failed: 0 })).toBe(0.02);
    expect(liveBaseline(liveAtTwoPercent)).toBeCloseTo(0.02, 12);
    expect(liveBaseline({ views: 100, failed: 0 })).toBeCloseTo(0.01, 12);
    expect(liveBaseline({ views: 99_900, failed: 999 })).toBeCloseTo(0.01001, 5);
  });

  it('looks for a canary exactly the margin (2 points) worse, kept below 1', () => {
    expect(worseRate(0.02, margin)).toBeCloseTo(0.04, 12);
    expect(worseRate(0.5, 0.02)).toBeCloseTo(0.52, 12);
    // Live failing nearly always: p1 halfway to 1, never 1 (ln(1 − p1) would be −∞).
    expect(worseRate(0.99, 0.02)).toBeCloseTo(0.995, 12);
    const { failed, succeeded } = viewWeights({ views: 1_000_000, failed: 1_000_000 }, margin);
    expect(Number.isFinite(failed) && Number.isFinite(succeeded)).toBe(true);
  });

  it('adds, for a batch, failed · ln(p1/p0) + (views − failed) · ln((1 − p1)/(1 − p0)) with p0 from live before the batch', () => {
    const before: ErrorTest = { live: liveAtTwoPercent, canary: { views: 0, failed: 0 }, logLikelihoodRatio: 0.5 };
    // The batch's own live views (all failed) must not move p0 for this batch.
    const after = addBatch(before, { live: { views: 100, failed: 100 }, canary: { views: 50, failed: 3 } }, margin);
    expect(after.logLikelihoodRatio).toBeCloseTo(0.5 + 3 * Math.log(0.04 / 0.02) + 47 * Math.log(0.96 / 0.98), 12);
    expect(after.live).toEqual({ views: 1000, failed: 118 });
    expect(after.canary).toEqual({ views: 50, failed: 3 });
    // A batch with no canary view only counts live's.
    expect(addBatch(after, { live: { views: 10, failed: 0 }, canary: { views: 0, failed: 0 } }, margin).logLikelihoodRatio).toBe(after.logLikelihoodRatio);
  });

  it('aborts once the ratio reaches ln(1/alpha), not a hair before', () => {
    const bound = errorBound(thresholds.alpha);
    expect(bound).toBeCloseTo(Math.log(20), 12);
    expect(judgeCanary(testWith(bound - 1e-9), noInp, thresholds)).toBeNull();
    const judgement = judgeCanary(testWith(bound), noInp, thresholds);
    expect(judgement).toMatchObject({
      rule: 'error-rate',
      canary: { pageViews: 300, failed: 12, p75Inp: null, inpSamples: 0 },
      live: { pageViews: 900, failed: 18 },
      logLikelihoodRatio: bound,
      bound,
    });
    expect(judgement?.summary).toBe(
      'error rate: canary 12 of 300 page views failed (4.0%), live 18 of 900 (2.0%); log likelihood ratio 3.00 reached 3.00 (2 points worse, alpha 0.05)',
    );
    // A stricter alpha is a higher bound.
    expect(judgeCanary(testWith(bound), noInp, { ...thresholds, alpha: 0.01 })).toBeNull();
  });

  it('drifts down for a canary failing as often as live, and never aborts it however long it runs', () => {
    // 2% both, exactly: 400 batches of 100 canary and 900 live page views.
    const tests = steadyBatches(400, { views: 900, failed: 18 }, { views: 100, failed: 2 });
    expect(tests.every((test) => judgeCanary(test, noInp, thresholds) === null)).toBe(true);
    expect(tests.at(-1)?.logLikelihoodRatio).toBeLessThan(-50);
  });

  it('aborts a canary failing exactly the margin worse than live (4% against 2%) after a few hundred of its page views', () => {
    const tests = steadyBatches(40, { views: 900, failed: 18 }, { views: 25, failed: 1 });
    const first = tests.findIndex((test) => judgeCanary(test, noInp, thresholds) !== null);
    // Each canary view gains about 0.008 (the Kullback–Leibler divergence of 4% from 2%): the bound of 3.0 in about 375.
    expect(tests[first]?.canary.views).toBeGreaterThanOrEqual(300);
    expect(tests[first]?.canary.views).toBeLessThanOrEqual(500);
  });

  it('is not fooled by a canary a little better than live, nor held back by one a little worse than the margin', () => {
    const better = steadyBatches(200, { views: 900, failed: 18 }, { views: 100, failed: 1 });
    expect(better.some((test) => judgeCanary(test, noInp, thresholds))).toBe(false);
    const worse = steadyBatches(200, { views: 900, failed: 18 }, { views: 100, failed: 5 });
    expect(worse.some((test) => judgeCanary(test, noInp, thresholds))).toBe(true);
  });

  it('keeps false aborts of an A/A canary below alpha, and catches 3% against 1% quickly (seeded runs)', () => {
    const runs = 400;
    const aa = Array.from({ length: runs }, (_, seed) => simulate(seed + 1, { views: 2000, share: 0.1, liveRate: 0.01, canaryRate: 0.01, batch: 50 }));
    const falseAborts = aa.filter((views) => views !== null).length;
    expect(falseAborts / runs).toBeLessThanOrEqual(thresholds.alpha);

    const ab = Array.from({ length: 100 }, (_, seed) => simulate(seed + 1, { views: 20_000, share: 0.1, liveRate: 0.01, canaryRate: 0.03, batch: 50 }));
    const caught = ab.filter((views): views is number => views !== null).sort((a, b) => a - b);
    expect(caught.length).toBeGreaterThanOrEqual(97);
    expect(caught.filter((views) => views <= 500).length / ab.length).toBeGreaterThan(0.7);
    expect(caught[Math.floor(caught.length / 2)]).toBeLessThan(350);
  });
});

describe('the INP rule', () => {
  const arms = (liveP75: number, canaryP75: number, liveSamples = 200, canarySamples = 200): { live: InpFigures; canary: InpFigures } => ({
    live: { p75: liveP75, samples: liveSamples },
    canary: { p75: canaryP75, samples: canarySamples },
  });
  const quiet = testWith(0);

  it('aborts when the canary is exactly 100 ms worse at p75, and not at 99.9', () => {
    expect(judgeCanary(quiet, arms(180, 279.9), thresholds)).toBeNull();
    const judgement = judgeCanary(quiet, arms(180, 280), thresholds);
    expect(judgement).toMatchObject({
      rule: 'inp',
      canary: { pageViews: 300, failed: 12, p75Inp: 280, inpSamples: 200 },
      live: { pageViews: 900, failed: 18, p75Inp: 180, inpSamples: 200 },
    });
    expect(judgement?.summary).toBe('INP: canary p75 280 ms over 200 page views, live 180 ms over 200; 100 ms worse (the limit: less than 100 ms worse)');
  });

  it('waits for 200 samples in each arm: 199 in either is not judged', () => {
    expect(judgeCanary(quiet, arms(180, 500, 199, 5000), thresholds)).toBeNull();
    expect(judgeCanary(quiet, arms(180, 500, 5000, 199), thresholds)).toBeNull();
    expect(judgeCanary(quiet, arms(180, 500, 200, 200), thresholds)?.rule).toBe('inp');
  });

  it('follows the thresholds given', () => {
    expect(judgeCanary(quiet, arms(180, 250), { ...thresholds, inpMarginMs: 70 })?.rule).toBe('inp');
    expect(judgeCanary(quiet, arms(180, 500, 50, 50), { ...thresholds, inpMinSamples: 50 })?.rule).toBe('inp');
  });

  it('names the error rate when both rules are broken', () => {
    expect(judgeCanary(testWith(10), arms(180, 500), thresholds)?.rule).toBe('error-rate');
  });
});
