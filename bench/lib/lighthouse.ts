/**
 * Lighthouse 12's mobile audit (its default settings: a mid-range phone, simulated slow 4G and
 * 4× CPU) of a page, in the machine's Chromium. Per category, the median score of the runs, and
 * the audits that cost points on the median run: what stands in the way of 100.
 */
import { CHROMIUM } from '@storefront/e2e/browser';
import { rotated } from './sideBySide';
import { median } from './stats';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthouseFigures {
  route: string;
  path: string;
  runs: number;
  /** Median score per category, 0–100. */
  scores: Record<LighthouseCategory, number>;
  /** Per category, the audits below full marks on a run at the median performance score. */
  losses: Record<LighthouseCategory, string[]>;
  /** The median run's first paint, as simulated and as it happened (see firstPaintOf). */
  firstPaint: SimulatedPaint | null;
  /** The median run's largest paint, likewise (see largestPaintOf). */
  largestPaint: SimulatedPaint | null;
  /** Lighthouse's measure of the machine it ran on (see benchmarkIndexOf), the median of the runs'; null when no run had it. */
  benchmarkIndex: number | null;
  /**
   * Its simulated phone's figures, the median of the runs' each (NaN when no run had it). This TBT
   * is the bench's only one: every section that gives a TBT gives this.
   */
  metrics: LighthouseMetrics;
}

export interface LighthouseMetrics {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

const METRIC_AUDITS: Record<keyof LighthouseMetrics, string> = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
};

/** A run's simulated FCP, LCP and TBT (the audits' numeric values), NaN for any it lacks. */
export function metricsOf(result: LighthouseResult): LighthouseMetrics {
  const value = (id: string) => {
    const number = result.lhr.audits[id]?.numericValue;
    return typeof number === 'number' && Number.isFinite(number) ? number : Number.NaN;
  };
  return Object.fromEntries(Object.entries(METRIC_AUDITS).map(([key, id]) => [key, value(id)])) as unknown as LighthouseMetrics;
}

/**
 * Lighthouse simulates the slow phone from an unthrottled load (its "Lantern" model): a script
 * that had arrived before the unthrottled paint counts as needed for it (for the first paint, one
 * with render-blocking priority; for the largest, any). Served from this machine, the page's
 * preloaded scripts are often in before that paint, and the simulated paint then waits for their
 * download on slow 4G, which a throttled browser's does not (the report's section 1 paints before
 * them). This says how many such scripts there were on a run.
 */
export interface SimulatedPaint {
  simulatedMs: number;
  /** The paint of the unthrottled load Lighthouse simulated from. */
  observedMs: number;
  /** Scripts in before that paint that Lighthouse counts as needed for it. */
  scriptsBefore: number;
  scriptKbBefore: number;
}

/** Lighthouse's own line (core/gather/driver/environment.js): below it, its command line warns that the host's CPU is slow. */
export const SLOW_HOST_BENCHMARK_INDEX = 1000;

/** A fast machine, by that measure: an ordinary phone is far slower than its 4× slowdown simulates. */
export const FAST_HOST_BENCHMARK_INDEX = 3500;

/**
 * Lighthouse's "CPU/Memory Power" of the machine it ran on (`lhr.environment.benchmarkIndex`, a
 * short script loop timed in the page). Its simulated phone is this machine's CPU slowed 4×, which
 * Lighthouse's throttling guide sets for a machine of 1500–2000 (a high-end desktop): on a slower
 * one the phone is slower too, and its figures worse for the same page. A rough measure, and it
 * varies between runs on one machine, but figures from machines far apart on it do not compare.
 */
export function benchmarkIndexOf(result: LighthouseResult): number | null {
  const index = result.lhr.environment?.benchmarkIndex;
  return typeof index === 'number' && Number.isFinite(index) && index > 0 ? Math.round(index) : null;
}

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}

export interface LighthouseResult {
  lhr: {
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, AuditResult>;
    runtimeError?: { message: string };
    environment?: { benchmarkIndex?: number };
  };
}

type LighthouseRun = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;
type ChromeLauncher = { launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }> };

/** Lighthouse and chrome-launcher ship only ES modules; the bench runs as CommonJS, whose transform would turn a dynamic import into require(). */
const importModule = new Function('specifier', 'return import(specifier)') as <Module>(specifier: string) => Promise<Module>;

function lossesOf(result: LighthouseResult, category: LighthouseCategory): string[] {
  const refs = result.lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => result.lhr.audits[ref.id])
    .filter((audit): audit is AuditResult => !!audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/** A paint of a run, simulated and observed, and the scripts (those `counted` picks) in before the observed one; null when the run lacks the audits. */
function paintOf(result: LighthouseResult, metric: { simulated: string; observed: string }, counted: (request: Record<string, unknown>) => boolean): SimulatedPaint | null {
  const metrics = result.lhr.audits.metrics?.details?.items?.[0];
  const requests = result.lhr.audits['network-requests']?.details?.items;
  if (!metrics || !requests) return null;
  const simulatedMs = Number(metrics[metric.simulated]);
  const observedMs = Number(metrics[metric.observed]);
  if (!Number.isFinite(simulatedMs) || !Number.isFinite(observedMs)) return null;
  const before = requests.filter((request) => request.resourceType === 'Script' && counted(request) && Number(request.networkEndTime) <= observedMs);
  const bytes = before.reduce((sum, request) => sum + (Number(request.transferSize) || 0), 0);
  return { simulatedMs: Math.round(simulatedMs), observedMs: Math.round(observedMs), scriptsBefore: before.length, scriptKbBefore: Math.round(bytes / 1024) };
}

/** The first paint of a run, simulated and observed, and the scripts Lighthouse counted as needed for it (high priority only); null when the run lacks the audits. */
export function firstPaintOf(result: LighthouseResult): SimulatedPaint | null {
  return paintOf(result, { simulated: 'firstContentfulPaint', observed: 'observedFirstContentfulPaint' }, (request) => request.priority === 'High' || request.priority === 'VeryHigh');
}

/**
 * The largest paint of a run, likewise. Lighthouse's simulation counts every request in before the
 * unthrottled largest paint as needed for it, whatever its priority (all but low-priority
 * pictures), a script among them unless it finds the script evaluated after that paint.
 */
export function largestPaintOf(result: LighthouseResult): SimulatedPaint | null {
  return paintOf(result, { simulated: 'largestContentfulPaint', observed: 'observedLargestContentfulPaint' }, () => true);
}

/** Lighthouse's own "please run Lighthouse again" (its trace missed the navigation, NO_NAVSTART, now and then): up to three tries. */
const TRIES = 3;

async function auditOnce(lighthouse: LighthouseRun, chromeLauncher: ChromeLauncher, url: string): Promise<LighthouseResult> {
  let problem = '';
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...LIGHTHOUSE_CATEGORIES] });
      if (result && !result.lhr.runtimeError) return result;
      problem = result?.lhr.runtimeError?.message ?? 'no result';
    } finally {
      await chrome.kill();
    }
  }
  throw new Error(`Lighthouse could not audit ${url} in ${TRIES} tries: ${problem}`);
}

const score = (result: LighthouseResult, category: LighthouseCategory) => Math.round((result.lhr.categories[category]?.score ?? 0) * 100);

/** The medians of a page's runs, and what cost points on the run at the median performance score. */
export function summarize(route: string, url: string, results: readonly LighthouseResult[]): LighthouseFigures {
  const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, median(results.map((result) => score(result, category)))])) as LighthouseFigures['scores'];
  const medianRun = [...results].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(results.length / 2)] ?? results[0];
  const losses = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, medianRun ? lossesOf(medianRun, category) : []])) as LighthouseFigures['losses'];
  const indexes = results.map(benchmarkIndexOf).filter((index): index is number => index !== null);
  const runsMetrics = results.map(metricsOf);
  // NaN when no run had it (the median of nothing).
  const metricOf = (key: keyof LighthouseMetrics) => median(runsMetrics.map((metrics) => metrics[key]).filter((value) => !Number.isNaN(value)));
  return {
    route,
    path: new URL(url).pathname + new URL(url).search,
    runs: results.length,
    scores,
    losses,
    firstPaint: medianRun ? firstPaintOf(medianRun) : null,
    largestPaint: medianRun ? largestPaintOf(medianRun) : null,
    benchmarkIndex: indexes.length > 0 ? median(indexes) : null,
    metrics: { fcpMs: metricOf('fcpMs'), lcpMs: metricOf('lcpMs'), tbtMs: metricOf('tbtMs') },
  };
}

/** One page as each target serves it: `urls` by target name. */
export interface AuditedPage {
  route: string;
  urls: Record<string, string>;
}

/**
 * `runs` Lighthouse runs of each page on every target, a fresh profile each: run by run the
 * targets in turn, each run starting with the next, so a slow moment of the machine hits them
 * alike. Per target, the figures of each page.
 */
export async function auditInTurn(pages: readonly AuditedPage[], runs: number, log: (line: string) => void): Promise<Record<string, LighthouseFigures[]>> {
  const { default: lighthouse } = await importModule<{ default: LighthouseRun }>('lighthouse');
  const chromeLauncher = await importModule<ChromeLauncher>('chrome-launcher');
  const figures: Record<string, LighthouseFigures[]> = {};
  for (const { route, urls } of pages) {
    const targets = Object.keys(urls);
    const results: Record<string, LighthouseResult[]> = Object.fromEntries(targets.map((target) => [target, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const target of rotated(targets, run)) results[target]?.push(await auditOnce(lighthouse, chromeLauncher, urls[target] as string));
    }
    for (const target of targets) {
      const page = summarize(route, urls[target] as string, results[target] ?? []);
      (figures[target] ??= []).push(page);
      const where = targets.length > 1 ? ` (${target})` : '';
      log(`lighthouse: ${route}${where} ${LIGHTHOUSE_CATEGORIES.map((category) => `${category} ${page.scores[category]}`).join(', ')}; TBT ${Math.round(page.metrics.tbtMs)} ms, LCP ${Math.round(page.metrics.lcpMs)} ms, benchmark index ${page.benchmarkIndex ?? 'unknown'}`);
    }
  }
  return figures;
}

/** `runs` Lighthouse runs of each page, a fresh profile each. */
export async function auditPages(pages: readonly { route: string; url: string }[], runs: number, log: (line: string) => void): Promise<LighthouseFigures[]> {
  const figures = await auditInTurn(pages.map(({ route, url }) => ({ route, urls: { page: url } })), runs, log);
  return figures.page ?? [];
}
