/**
 * bench/report.md's section on hydration: taps before a page is hydrated, empty roots under a CPU
 * hog, interactions and paints on the throttled phone, guests' pages under load, and Lighthouse's
 * audits of the hydrated and the replaced pages.
 */
import { GOALS, type Goal } from '../goals';
import type { HydrationFigures } from '../hydrationBench';
import { EMPTY_ROOT_CONNECTIONS, EMPTY_ROOT_PAGES, LOAD_CONNECTIONS } from './pagesUnderLoad';
import { MOBILE_THROTTLING } from './frontEnd';
import { FAST_HOST_BENCHMARK_INDEX, LIGHTHOUSE_CATEGORIES } from './lighthouse';
import { categoryGoal, lighthouseTable, machinePower, measuredAt } from './lighthouseReport';
import { ms, table } from './stats';

export function hydrationSection({ taps, emptyRoots = [], interactions, paints, load, lighthouse, lighthouseReplaced }: HydrationFigures, goals: Goal[]): string {
  for (const row of emptyRoots) goals.push({ goal: `${row.route}: no empty #root in ${row.pages} pages for a ${row.visitor} under a CPU hog`, pass: row.emptyRoots === 0, figure: String(row.emptyRoots) });
  const hydratedTaps = taps.filter((tap) => tap.render === 'hydrated');
  const hydratedInteractions = interactions.filter((row) => row.render === 'hydrated');
  const hydratedPaints = paints.filter((row) => row.render === 'hydrated');
  for (const page of lighthouse) {
    const index = page.benchmarkIndex === null ? 'benchmark index unknown' : `benchmark index ${page.benchmarkIndex}`;
    for (const category of LIGHTHOUSE_CATEGORIES) {
      const { goal, pass, onPurpose } = categoryGoal(page, category);
      const why = category === 'performance' ? ` (${index})` : onPurpose ? ' (kept out of search engines on purpose, nothing else below full marks)' : '';
      goals.push({ goal: `${page.route}: Lighthouse ${category} ≥ ${goal} (mobile, median of ${page.runs})`, pass, figure: `${page.scores[category]}${why}` });
    }
    goals.push({ goal: `${page.route}: Lighthouse's TBT ≤ ${GOALS.tbtMs} ms`, pass: page.metrics.tbtMs <= GOALS.tbtMs, figure: `${ms(page.metrics.tbtMs)} (${index})` });
  }
  for (const tap of hydratedTaps) {
    goals.push({ goal: `${tap.route}: Add to Cart tapped the moment it is painted reaches the cart once, every time`, pass: tap.reachedOnce === tap.tries, figure: `${tap.reachedOnce} of ${tap.tries}` });
  }
  for (const { interaction, medianMs } of hydratedInteractions) {
    goals.push({ goal: `INP ≤ ${GOALS.interactionMs} ms on the throttled phone: ${interaction}`, pass: medianMs <= GOALS.interactionMs, figure: ms(medianMs) });
  }
  for (const row of hydratedPaints) {
    goals.push({ goal: `${row.route}: LCP ≤ ${GOALS.throttledLcpMs / 1000} s on the throttled phone`, pass: row.lcp <= GOALS.throttledLcpMs, figure: ms(row.lcp) });
    const before = paints.find((other) => other.render === 'replaced' && other.route === row.route);
    if (before) goals.push({ goal: `${row.route}: LCP no worse than the replace-render's (within ${GOALS.lcpNoiseMs} ms, the run-to-run noise)`, pass: row.lcp <= before.lcp + GOALS.lcpNoiseMs, figure: `${ms(row.lcp)} against ${ms(before.lcp)}` });
  }
  for (const figures of load.filter((row) => row.cache === 'guest cache')) {
    goals.push({ goal: `${figures.route}: guests' pages ≥ ${GOALS.guestPagesPerSecond}/s at ${LOAD_CONNECTIONS} connections`, pass: figures.pagesPerSecond >= GOALS.guestPagesPerSecond, figure: `${figures.pagesPerSecond.toFixed(0)}/s` });
    goals.push({ goal: `${figures.route}: /api p99 ≤ ${GOALS.apiP99UnderPagesMs} ms through the edge while guests' pages are served`, pass: figures.apiP99 <= GOALS.apiP99UnderPagesMs, figure: ms(figures.apiP99) });
  }
  return [
    '## 5. The server\'s page, live at once, and under load',
    [
      "- *hydrated*: as served. The browser hydrates the server's page and keeps taps made before it could.",
      "- *replaced*: as the store served pages before hydration. A proxy (bench/lib/replaceRender.ts) takes out the hydration mark and the replay script, so the browser draws the page again, and a tap before then is lost.",
    ].join('\n'),
    `On a phone throttled as Lighthouse's mobile preset (${MOBILE_THROTTLING.cpuSlowdown}× CPU, ${MOBILE_THROTTLING.latencyMs} ms, ${MOBILE_THROTTLING.downloadKbps} kbit/s): Add to Cart tapped the moment it is painted, once per visit, each visit a new shopper. ${measuredAt([...lighthouse, ...lighthouseReplaced])}`,
    table(
      ['route', 'render', 'reached the cart once, quantity 1', 'tapped before the browser took over', 'tapped at (median)'],
      taps.map((tap) => [tap.route, tap.render, `${tap.reachedOnce} of ${tap.tries}`, `${tap.beforeHydration} of ${tap.tries}`, ms(tap.tappedAtMs)]),
    ),
    'The longest event of a tap on each control once the page is in (what INP counts), on the same phone, a second after the control was scrolled into view:',
    table(['interaction', 'render', 'median', 'max'], interactions.map((row) => [row.interaction, row.render, ms(row.medianMs), ms(row.maxMs)])),
    `Cold loads on the same phone, median of ${paints[0]?.runs ?? 0} per page and render, the two in turn: the paints and when the page was live (no part of it awaiting the browser: hydrated, or replaced). Their TBT is Lighthouse's, at the end of this section.`,
    table(
      ['route', 'render', 'FCP', 'LCP', 'live at'],
      paints.map((row) => [row.route, row.render, ms(row.fcp), ms(row.lcp), ms(row.liveMs)]),
    ),
    [
      `- Pages asked as a phone's browser asks (compressed), at ${LOAD_CONNECTIONS} connections for 5 s, through the edge. Each row is one visitor asking again and again.`,
      "- *guest cache*: guests (no cookie), with the guest page cache.",
      "- *shoppers*: a shopper whose cart and wishlist are empty. The edge gives them the guests' page (the api's answer on their lists is used for SHOPPER_LISTS_MS).",
      "- *a cart line*: a shopper whose cart holds another product than the product page's. They get the guests' region in a header drawn for their counts.",
      "- *a wishlist*: a shopper whose wishlist holds a product none of the pages shows. The same, with their wishlist asked of the api for each page.",
      '- *no guest cache*: an edge that keeps no page, so each page is drawn for its visitor, in a render thread.',
      "- *4 connections*: as many pages as a render thread holds at once; these compare what one drawing costs.",
      "- *edge's own thread*: RENDER_THREADS=0.",
      '- Meanwhile, GET /api/products at 2 connections through the same edge.',
      "- *first bytes*: from the request to the answer's status and head. A shopper's page streams its head before it is drawn.",
      "- *drawn by the server*: the share of pages sent with their first screen. A guest's is read from its policy; a shopper's from the body, in a second run of 3 s.",
      '- 3 s pass between runs, for renders still running to end.',
    ].join('\n'),
    table(
      ['route', 'edge', 'pages/s', 'drawn by the server', 'first bytes p50', 'p50', 'p99', 'errors', '/api req/s', '/api p99'],
      load.map((row) => [row.route, row.cache, row.pagesPerSecond.toFixed(0), `${(row.drawnShare * 100).toFixed(0)}%`, ms(row.firstByteP50, 1), ms(row.p50), ms(row.p99), String(row.errors), row.apiPerSecond.toFixed(0), ms(row.apiP99)]),
    ),
    [
      `- Under a CPU hog: ${EMPTY_ROOT_PAGES} pages at ${EMPTY_ROOT_CONNECTIONS} connections through the edge that keeps no guest page, with a process spinning a core beside it.`,
      '- For guests, and for a shopper with a cart line.',
      '- *empty roots*: pages sent for the browser to draw from nothing.',
      "- *skeletons*: the page's frame with a skeleton where its region goes (its render failed).",
    ].join('\n'),
    table(['route', 'visitor', 'pages', 'empty roots', 'skeletons', 'p50', 'p99', 'errors'], emptyRoots.map((row) => [row.route, row.visitor, String(row.pages), String(row.emptyRoots), String(row.skeletons), ms(row.p50), ms(row.p99), String(row.errors)])),
    [
      `- Lighthouse 12, mobile: its own simulated phone and slow 4G, median of ${lighthouse[0]?.runs ?? 0} runs per route.`,
      "- Its TBT is the bench's only one, as in section 2.",
      `- Performance's goal: ${GOALS.lighthousePerformanceOrdinary} on a machine whose benchmark index is below ${FAST_HOST_BENCHMARK_INDEX}, as an ordinary phone's; ${GOALS.lighthouseScore} at or above it.`,
      '- *below full marks*: what cost points on the median run.',
      '- Lighthouse simulates the phone from an unthrottled load.',
      "- A script preloaded at high priority and in before that load's first paint counts as needed for the first paint (*first paint*).",
      "- A page the server drew preloads its scripts at low priority (edge/src/page.ts); *after 0 scripts* is such a page.",
      '- Its largest paint counts every script in before the unthrottled one, whatever its priority (*largest paint*).',
      "- The cart's SEO stays below full marks on purpose: robots.txt keeps the cart out of search engines.",
      machinePower(lighthouse),
    ]
      .filter((line) => line !== '')
      .join('\n'),
    lighthouseTable(lighthouse),
    'The same pages as the replace-render served them:',
    lighthouseTable(lighthouseReplaced),
  ].join('\n\n');
}

/**
 * Lighthouse's TBT of the same page in sections 2 and 5 (the store as shoppers get it, each
 * section's own), side by side: one method, so they agree but for the run-to-run noise.
 */
