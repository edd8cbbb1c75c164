import type { BaselineFigures } from './baselineBench';
import type { RouteFigures } from './frontEnd';
import type { HydrationFigures } from './hydrationBench';
import type { LighthouseFigures } from './lib/lighthouse';
import { benchmarkRange, categoryGoal, performanceGoal } from './lib/lighthouseReport';
import { baselineSection, tbtAgreement } from './report';

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

describe("a page's Lighthouse goal in a category", () => {
  const cart = (losses: string[]) => ({ ...page('cart', 50, 2000), scores: { performance: 99, accessibility: 100, 'best-practices': 100, seo: 63 }, losses: { performance: [], accessibility: [], 'best-practices': [], seo: losses } });
  it('meets SEO on the cart, kept out of search on purpose, only when being blocked from indexing is all it lost', () => {
    expect(categoryGoal(cart(['Page is blocked from indexing']), 'seo')).toEqual({ goal: 98, pass: true, onPurpose: true });
    expect(categoryGoal(cart(['Page is blocked from indexing', 'Document does not have a meta description']), 'seo').pass).toBe(false);
    // Any other page blocked from indexing misses it.
    expect(categoryGoal({ ...cart(['Page is blocked from indexing']), route: 'home' }, 'seo').pass).toBe(false);
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

describe('the side-by-side section', () => {
  it('sets each figure of the code before a change beside now, with the change and the machine it was measured on', () => {
    const figures: BaselineFigures = {
      ref: 'HEAD~1',
      commit: 'abcdef1234',
      subject: 'shop: two cards a row',
      nowCommit: '1234abcdef',
      runs: 5,
      paints: [{ route: 'home', fcp: { baseline: 1200, now: 1100 }, lcp: { baseline: 2400, now: 2600 } }],
      interactions: [{ interaction: 'open the cart dropdown (header)', medianMs: { baseline: 104, now: 88 } }],
      lighthouse: { baseline: [{ ...page('home', 600, 1800), scores: { performance: 71, accessibility: 100, 'best-practices': 100, seo: 100 } }], now: [page('home', 180, 1900)] },
    };
    const section = baselineSection(figures);
    expect(section).toContain('## 6. Side by side with HEAD~1');
    expect(section).toContain('commit abcdef1234 (shop: two cards a row)');
    expect(section).toContain('| home | 1200 ms | 1100 ms | −100 ms | 2400 ms | 2600 ms | +200 ms |');
    expect(section).toContain('| open the cart dropdown (header) | 104 ms | 88 ms | −16 ms |');
    expect(section).toContain('| home | performance | 71 | 90 | +19 | 1800 / 1900 |');
    expect(section).toContain('| home | TBT | 600 ms | 180 ms | −420 ms | 1800 / 1900 |');
  });
});

describe("the machine's power beside the browser's figures", () => {
  it("is the range of Lighthouse's benchmark index over a section's audits, or unknown", () => {
    expect(benchmarkRange([page('home', 100, 1330), page('shop', 100, 2100), page('cart', 100, null)])).toBe('1330–2100');
    expect(benchmarkRange([page('home', 100, 1900)])).toBe('1900');
    expect(benchmarkRange([page('home', 100, null)])).toBeNull();
  });
});
