import { benchmarkIndexOf, firstPaintOf, largestPaintOf, type LighthouseResult } from './lighthouse';

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
