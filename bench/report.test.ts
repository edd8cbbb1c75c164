import type { RouteFigures } from './frontEnd';
import type { HydrationFigures } from './hydrationBench';
import type { LighthouseFigures } from './lib/lighthouse';
import { performanceGoal, tbtAgreement } from './report';

function page(route: string, tbtMs: number, benchmarkIndex: number | null): LighthouseFigures {
  const scores = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 };
  return { route, path: '/', runs: 5, scores, losses: { performance: [], accessibility: [], 'best-practices': [], seo: [] }, firstPaint: null, largestPaint: null, benchmarkIndex, metrics: { fcpMs: 900, lcpMs: 1800, tbtMs } };
}

describe("the bench's Lighthouse goals", () => {
  it('asks 90 of performance on a machine of an ordinary phone, 98 on a fast one, and 90 when the machine is unknown', () => {
    expect(performanceGoal(1500)).toBe(90);
    expect(performanceGoal(3499)).toBe(90);
    expect(performanceGoal(3500)).toBe(98);
    expect(performanceGoal(null)).toBe(90);
  });
});

describe('one TBT across the sections', () => {
  it("sets section 2's TBT of each page beside section 5's, with how far apart they are", () => {
    const frontEnd = [{ route: 'home', lighthouse: { composed: page('home', 180, 1900), 'server-rendered monolith': page('home', 150, 1900) } }] as unknown as RouteFigures[];
    const hydration = { lighthouse: [page('home', 210, 2000), page('shop', 90, 2000)] } as unknown as HydrationFigures;
    const section = tbtAgreement(frontEnd, hydration);
    expect(section).toContain('| home | 180 ms | 210 ms | 30 ms | 1900 / 2000 |');
    expect(section).not.toContain('| shop');
  });
});
