/**
 * Lighthouse's figures as bench/report.md prints them: the machine's power (its benchmark index)
 * beside every browser figure, the audit table, and each category's goal.
 */
import { GOALS } from '../goals';
import { FAST_HOST_BENCHMARK_INDEX, LIGHTHOUSE_CATEGORIES, SLOW_HOST_BENCHMARK_INDEX, type LighthouseCategory, type LighthouseFigures, type SimulatedPaint } from './lighthouse';
import { ms, table } from './stats';

function simulatedPaint(paint: SimulatedPaint | null): string {
  return paint ? `${ms(paint.simulatedMs)} simulated, ${ms(paint.observedMs)} unthrottled, after ${paint.scriptsBefore} scripts (${paint.scriptKbBefore} KB)` : '—';
}

/** The lowest and highest of Lighthouse's benchmark index over these audits, or null when none had it. */
function indexBounds(lighthouse: readonly LighthouseFigures[]): { low: number; high: number } | null {
  const indexes = lighthouse.map((page) => page.benchmarkIndex).filter((index): index is number => index !== null);
  return indexes.length === 0 ? null : { low: Math.min(...indexes), high: Math.max(...indexes) };
}

/** The range of Lighthouse's benchmark index over these audits ("1330–2100"), or null when none had it. */
export function benchmarkRange(lighthouse: readonly LighthouseFigures[]): string | null {
  const bounds = indexBounds(lighthouse);
  if (!bounds) return null;
  return bounds.low === bounds.high ? String(bounds.low) : `${bounds.low}–${bounds.high}`;
}

/** Every browser figure of a section is printed with the machine's power it was measured at. */
export function measuredAt(lighthouse: readonly LighthouseFigures[]): string {
  const range = benchmarkRange(lighthouse);
  return range ? `Lighthouse's benchmark index of this machine during this section: ${range}.` : "Lighthouse's benchmark index of this machine: not measured in this section.";
}

/** What Lighthouse made of this machine (benchmarkIndexOf): its simulated phone is this machine slowed 4×. */
export function machinePower(lighthouse: readonly LighthouseFigures[]): string {
  const bounds = indexBounds(lighthouse);
  if (!bounds) return '';
  const { low } = bounds;
  const range = benchmarkRange(lighthouse);
  return [
    `- Lighthouse's benchmark index of this machine: ${range} (the median per route).`,
    '- Its phone is this CPU slowed 4×, the slowdown its guide sets for an index of 1500–2000.',
    ...(low < SLOW_HOST_BENCHMARK_INDEX ? [`- Below ${SLOW_HOST_BENCHMARK_INDEX}, its command line warns that the host's CPU is slow.`] : []),
    '- On a slower machine its phone is slower too, and scores are lower for the same pages: figures from machines far apart on it do not compare.',
  ].join('\n');
}

/** A page's Lighthouse FCP, LCP and TBT, and the benchmark index of the machine they were measured on. */
export function metricCells(page: LighthouseFigures): string[] {
  const { fcpMs, lcpMs, tbtMs } = page.metrics;
  const cell = (value: number) => (Number.isNaN(value) ? '—' : ms(value));
  return [cell(fcpMs), cell(lcpMs), cell(tbtMs), page.benchmarkIndex === null ? '—' : String(page.benchmarkIndex)];
}

/** The performance score a page must reach on the machine it was audited on (GOALS.lighthousePerformanceOrdinary). */
export function performanceGoal(benchmarkIndex: number | null): number {
  return benchmarkIndex !== null && benchmarkIndex >= FAST_HOST_BENCHMARK_INDEX ? GOALS.lighthouseScore : GOALS.lighthousePerformanceOrdinary;
}

export function lighthouseTable(lighthouse: readonly LighthouseFigures[]): string {
  return table(
    ['route', ...LIGHTHOUSE_CATEGORIES, 'FCP', 'LCP', 'TBT', 'benchmark index', 'first paint', 'largest paint', 'below full marks'],
    lighthouse.map((page) => [
      `${page.route} \`${page.path}\``,
      ...LIGHTHOUSE_CATEGORIES.map((category) => String(page.scores[category])),
      ...metricCells(page),
      simulatedPaint(page.firstPaint),
      simulatedPaint(page.largestPaint),
      LIGHTHOUSE_CATEGORIES.flatMap((category) => page.losses[category].map((loss) => `${category}: ${loss}`)).join('; ') || 'nothing',
    ]),
  );
}

/**
 * The pages the shop keeps out of search engines on purpose (robots.txt): the cart shows a
 * shopper's own lines. Lighthouse's SEO fails them for it ("Page is blocked from indexing").
 */
const KEPT_OUT_OF_SEARCH = new Set(['cart']);
const BLOCKED_FROM_INDEXING = 'Page is blocked from indexing';

/**
 * A page's Lighthouse score in a category against its goal: a page kept out of search on purpose
 * meets the SEO goal when being blocked from indexing is all that cost it points.
 */
export function categoryGoal(page: Pick<LighthouseFigures, 'route' | 'scores' | 'losses' | 'benchmarkIndex'>, category: LighthouseCategory): { goal: number; pass: boolean; onPurpose: boolean } {
  const goal = category === 'performance' ? performanceGoal(page.benchmarkIndex) : GOALS.lighthouseScore;
  const onPurpose = category === 'seo' && KEPT_OUT_OF_SEARCH.has(page.route) && page.losses.seo.length > 0 && page.losses.seo.every((loss) => loss.startsWith(BLOCKED_FROM_INDEXING));
  return { goal, pass: page.scores[category] >= goal || onPurpose, onPurpose };
}
