import { benchmarkIndexOf, firstPaintOf, largestPaintOf, metricsOf, summarize, type LighthouseResult } from './lighthouse';

function run(observedFcp: number, requests: Record<string, unknown>[], observedLcp = observedFcp): LighthouseResult {
  return {
    lhr: {
      categories: {},
      audits: {
        metrics: { id: 'metrics', title: 'Metrics', score: null, scoreDisplayMode: 'informative', details: { items: [{ firstContentfulPaint: 2012.4, observedFirstContentfulPaint: observedFcp, largestContentfulPaint: 2388.6, observedLargestContentfulPaint: observedLcp }] } },
        'network-requests': { id: 'network-requests', title: 'Network requests', score: null, scoreDisplayMode: 'informative', details: { items: requests } },
      },
    },
  };
}

const requests = [
  { url: '/', resourceType: 'Document', priority: 'VeryHigh', networkEndTime: 40, transferSize: 16_000 },
  { url: '/a.js', resourceType: 'Script', priority: 'High', networkEndTime: 120, transferSize: 2048 },
  { url: '/b.js', resourceType: 'Script', priority: 'High', networkEndTime: 150, transferSize: 4096 },
  { url: '/main.js', resourceType: 'Script', priority: 'Low', networkEndTime: 110, transferSize: 25_000 },
  { url: '/hero.svg', resourceType: 'Image', priority: 'High', networkEndTime: 100, transferSize: 1500 },
];

describe("Lighthouse's first paint, simulated and as it happened", () => {
  it('counts the high-priority scripts in before the unthrottled first paint, and only those', () => {
    expect(firstPaintOf(run(255, requests))).toEqual({ simulatedMs: 2012, observedMs: 255, scriptsBefore: 2, scriptKbBefore: 6 });
    expect(firstPaintOf(run(130, requests))).toEqual({ simulatedMs: 2012, observedMs: 130, scriptsBefore: 1, scriptKbBefore: 2 });
    expect(firstPaintOf(run(90, requests))).toMatchObject({ scriptsBefore: 0, scriptKbBefore: 0 });
  });

  it('is unknown for a run without the metrics or the requests', () => {
    expect(firstPaintOf({ lhr: { categories: {}, audits: {} } })).toBeNull();
    expect(firstPaintOf(run(Number.NaN, requests))).toBeNull();
  });
});

describe("Lighthouse's largest paint, simulated and as it happened", () => {
  it('counts every script in before the unthrottled largest paint, whatever its priority', () => {
    expect(largestPaintOf(run(90, requests, 255))).toEqual({ simulatedMs: 2389, observedMs: 255, scriptsBefore: 3, scriptKbBefore: 30 });
    expect(largestPaintOf(run(90, requests, 115))).toEqual({ simulatedMs: 2389, observedMs: 115, scriptsBefore: 1, scriptKbBefore: 24 });
    expect(largestPaintOf(run(90, requests, 100))).toMatchObject({ scriptsBefore: 0, scriptKbBefore: 0 });
  });

  it('is unknown for a run without the metrics', () => {
    expect(largestPaintOf({ lhr: { categories: {}, audits: {} } })).toBeNull();
  });
});

describe("Lighthouse's measure of the machine", () => {
  it('is the run’s benchmark index, rounded, or unknown when the run lacks one', () => {
    expect(benchmarkIndexOf({ lhr: { categories: {}, audits: {}, environment: { benchmarkIndex: 812.6 } } })).toBe(813);
    expect(benchmarkIndexOf({ lhr: { categories: {}, audits: {}, environment: {} } })).toBeNull();
    expect(benchmarkIndexOf({ lhr: { categories: {}, audits: {} } })).toBeNull();
    expect(benchmarkIndexOf({ lhr: { categories: {}, audits: {}, environment: { benchmarkIndex: 0 } } })).toBeNull();
  });
});

/** A run with these scores' performance, simulated metrics and benchmark index. */
function audited(performance: number, metrics: { fcp?: number; lcp?: number; tbt?: number }, benchmarkIndex?: number): LighthouseResult {
  const audit = (id: string, value: number | undefined) => ({ id, title: id, score: 0.5, scoreDisplayMode: 'numeric', ...(value === undefined ? {} : { numericValue: value }) });
  return {
    lhr: {
      categories: { performance: { score: performance, auditRefs: [] } },
      audits: {
        'first-contentful-paint': audit('first-contentful-paint', metrics.fcp),
        'largest-contentful-paint': audit('largest-contentful-paint', metrics.lcp),
        'total-blocking-time': audit('total-blocking-time', metrics.tbt),
      },
      ...(benchmarkIndex === undefined ? {} : { environment: { benchmarkIndex } }),
    },
  };
}

describe("Lighthouse's simulated figures: the bench's one TBT", () => {
  it("reads a run's FCP, LCP and TBT from their audits, NaN for one it lacks", () => {
    expect(metricsOf(audited(0.9, { fcp: 1210.5, lcp: 2380, tbt: 140 }))).toEqual({ fcpMs: 1210.5, lcpMs: 2380, tbtMs: 140 });
    expect(metricsOf(audited(0.9, { fcp: 1210.5 }))).toEqual({ fcpMs: 1210.5, lcpMs: Number.NaN, tbtMs: Number.NaN });
  });

  it("gives each figure's median (the nearest rank) over the runs that had it, and the machine's median index", () => {
    const page = summarize('home', 'http://localhost:8080/?a=1', [
      audited(0.7, { fcp: 1000, lcp: 2000, tbt: 900 }, 1500),
      audited(0.95, { fcp: 900, lcp: 1800, tbt: 120 }, 2400),
      audited(0.9, { fcp: 950, tbt: 180 }, 1900),
    ]);
    expect(page).toMatchObject({ route: 'home', path: '/?a=1', runs: 3, benchmarkIndex: 1900, metrics: { fcpMs: 950, lcpMs: 1800, tbtMs: 180 } });
    expect(page.scores.performance).toBe(90);
  });
});
