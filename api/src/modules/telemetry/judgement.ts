/**
 * When a running canary is aborted: the rules, as pure functions (the worker, canaryWatch.ts,
 * feeds them the page views the browsers reported; the thresholds are settings, CANARY_*).
 *
 * 1. The error rate, by a one-sided sequential probability ratio test (Wald) that never accepts.
 *    A page view fails when a remote on it failed to load (no retry recovered it), fell back on
 *    its known-good version or caught an error. The worker takes the page views of this canary's
 *    live and canary arms in batches (those that arrived since its last look). For each batch:
 *      p0 = the live arm's error rate so far, before this batch, pulled toward 2% by 100
 *           pseudo-views: (liveFailed + 0.02 · 100) / (liveViews + 100);
 *      p1 = p0 + margin (CANARY_ERROR_MARGIN, 2 percentage points), kept below 1;
 *      the log likelihood ratio gains, for the batch's canary views,
 *           failed · ln(p1 / p0) + (views − failed) · ln((1 − p1) / (1 − p0)).
 *    The canary is aborted once the ratio reaches ln(1 / alpha) (CANARY_ALPHA 0.05: ≈ 3.0). The
 *    ratio is never floored or reset, and no value ends the test in the canary's favour: a canary
 *    runs until a release manager promotes or ends it. By Ville's inequality, a canary no worse
 *    than live (were p0 exact) crosses the bound with probability at most alpha however often it
 *    is looked at. Simulated (a 10% share, judged every 50 page views): about 1.5% false aborts
 *    in A/A runs of 2 000 page views at 1% errors, about 4% over 20 000 (the prior and p0's own
 *    noise cost a little of alpha's bound); a canary failing 3% against live's 1% is aborted
 *    within 500 canary views about 83% of the time (median about 230).
 * 2. Interactions (INP): aborted when both arms have at least CANARY_INP_MIN_SAMPLES page views
 *    that measured INP and the canary's p75 INP is at least CANARY_INP_MARGIN_MS worse than live's.
 *
 * The error rate is judged first: when both rules are broken, the judgement names the error rate.
 */
import type { CanaryJudgement } from '@storefront/release-state';
import type { CanaryThresholds } from '../../options';

/** Live's error rate before it has page views of its own, and how many page views that guess weighs. */
export const PRIOR_ERROR_RATE = 0.02;
export const PRIOR_VIEWS = 100;

export interface ArmCounts {
  views: number;
  failed: number;
}

/** The error-rate test so far: the page views it has counted, by arm, and its log likelihood ratio. */
export interface ErrorTest {
  live: ArmCounts;
  canary: ArmCounts;
  logLikelihoodRatio: number;
}

export const NEW_ERROR_TEST: ErrorTest = { live: { views: 0, failed: 0 }, canary: { views: 0, failed: 0 }, logLikelihoodRatio: 0 };

/** p0: live's error rate so far, pulled toward PRIOR_ERROR_RATE by PRIOR_VIEWS pseudo-views. */
export function liveBaseline(live: ArmCounts): number {
  return (live.failed + PRIOR_ERROR_RATE * PRIOR_VIEWS) / (live.views + PRIOR_VIEWS);
}

/** p1: the error rate the test looks for, `margin` above p0 but never at 1 (halfway from p0 to 1 at most). */
export function worseRate(p0: number, margin: number): number {
  return Math.min(p0 + margin, (1 + p0) / 2);
}

/** The log likelihood ratio at which the canary is aborted: ln(1 / alpha). */
export function errorBound(alpha: number): number {
  return Math.log(1 / alpha);
}

/** What one canary page view adds to the ratio, failed or not, with live's counts so far. */
export function viewWeights(live: ArmCounts, margin: number): { failed: number; succeeded: number } {
  const p0 = liveBaseline(live);
  const p1 = worseRate(p0, margin);
  return { failed: Math.log(p1 / p0), succeeded: Math.log((1 - p1) / (1 - p0)) };
}

/** The test after one batch of new page views: the canary's weighed against live's counts before the batch, then both counted. */
export function addBatch(test: ErrorTest, batch: { live: ArmCounts; canary: ArmCounts }, margin: number): ErrorTest {
  const weights = viewWeights(test.live, margin);
  const { views, failed } = batch.canary;
  const gained = views === 0 ? 0 : failed * weights.failed + (views - failed) * weights.succeeded;
  return {
    live: { views: test.live.views + batch.live.views, failed: test.live.failed + batch.live.failed },
    canary: { views: test.canary.views + views, failed: test.canary.failed + failed },
    logLikelihoodRatio: test.logLikelihoodRatio + gained,
  };
}

/** One arm's interactions: the p75 of its page views' INP, and how many measured one. */
export interface InpFigures {
  p75: number | null;
  samples: number;
}

/** Whether INP is judged yet, and how much worse the canary's p75 is (null until both arms have enough samples). */
export function inpGap(inp: { live: InpFigures; canary: InpFigures }, minSamples: number): number | null {
  const { live, canary } = inp;
  if (live.samples < minSamples || canary.samples < minSamples || live.p75 === null || canary.p75 === null) return null;
  return canary.p75 - live.p75;
}

function percent(failed: number, views: number): string {
  return views === 0 ? '—' : `${((100 * failed) / views).toFixed(1)}%`;
}

const milliseconds = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);

/**
 * The judgement of a canary whose figures break a rule, for the abort's revision (its summary is
 * the abort's reason), or null while none is broken.
 */
export function judgeCanary(test: ErrorTest, inp: { live: InpFigures; canary: InpFigures }, thresholds: CanaryThresholds): CanaryJudgement | null {
  const bound = errorBound(thresholds.alpha);
  const arm = (counts: ArmCounts, figures: InpFigures) => ({ pageViews: counts.views, failed: counts.failed, p75Inp: figures.p75, inpSamples: figures.samples });
  const figures = { canary: arm(test.canary, inp.canary), live: arm(test.live, inp.live), logLikelihoodRatio: test.logLikelihoodRatio, bound };
  if (test.logLikelihoodRatio >= bound) {
    const summary =
      `error rate: canary ${test.canary.failed} of ${test.canary.views} page views failed (${percent(test.canary.failed, test.canary.views)}), ` +
      `live ${test.live.failed} of ${test.live.views} (${percent(test.live.failed, test.live.views)}); ` +
      `log likelihood ratio ${test.logLikelihoodRatio.toFixed(2)} reached ${bound.toFixed(2)} (${Math.round(thresholds.errorMargin * 1000) / 10} points worse, alpha ${thresholds.alpha})`;
    return { rule: 'error-rate', summary, ...figures };
  }
  const gap = inpGap(inp, thresholds.inpMinSamples);
  if (gap !== null && gap >= thresholds.inpMarginMs) {
    const summary =
      `INP: canary p75 ${milliseconds(inp.canary.p75)} over ${inp.canary.samples} page views, live ${milliseconds(inp.live.p75)} over ${inp.live.samples}; ` +
      `${Math.round(gap)} ms worse (the limit: less than ${thresholds.inpMarginMs} ms worse)`;
    return { rule: 'inp', summary, ...figures };
  }
  return null;
}
