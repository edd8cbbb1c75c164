/** bench/report.md and the printed summary, with each goal (bench/goals.ts) marked PASS or MISS. */
import type { ApiFigures, LoadFigures, Target } from './apiBench';
import { CART_SHOPPERS, CONNECTIONS } from './apiBench';
import { AUDITED_BUILDS, BUILDS, type RouteFigures } from './frontEnd';
import type { BaselineFigures } from './baselineBench';
import { CANARY_GUEST_PAGES_PER_SECOND, type CanaryFigures } from './canaryBench';
import { CATALOGUE_IMPORT_GOAL_SECONDS, type CatalogueFigures } from './catalogueBench';
import type { HydrationFigures } from './hydrationBench';
import { GROWTH_DATABASE_NAMES, GROWTH_QUERIES, type GrowthFigures } from './growthBench';
import { MOBILE_THROTTLING } from './lib/frontEnd';
import type { MachineInfo } from './lib/machine';
import { kb, ms, ratio, table, verdict } from './lib/stats';
import { GOALS, type Goal } from './goals';
import { hydrationSection } from './lib/hydrationReport';
import { benchmarkRange, machinePower, measuredAt, metricCells } from './lib/lighthouseReport';

interface ReportInput {
  machine: MachineInfo;
  runs: number;
  apiSeconds: number;
  frontEnd: RouteFigures[] | null;
  api: ApiFigures | null;
  growth: GrowthFigures[] | null;
  hydration?: HydrationFigures | null;
  baseline?: BaselineFigures | null;
  canary?: CanaryFigures | null;
  catalogue?: CatalogueFigures | null;
  totalSeconds: number;
}


function frontEndSection(routes: RouteFigures[], goals: Goal[]): string {
  const bundles = table(
    ['route', 'composed gzip', 'monolith gzip', 'ratio', 'ratio beyond the runtime', 'requests (c / m)', 'chain depth (c / m)', 'from dist: desktop / mobile'],
    routes.map(({ route, path, figures: { composed, monolith }, budgetModelBytes, federationRuntimeBytes }) => [
      `${route} \`${path}\``,
      kb(composed.gzipBytes),
      kb(monolith.gzipBytes),
      ratio(composed.gzipBytes, monolith.gzipBytes),
      ratio(composed.gzipBytes - federationRuntimeBytes, monolith.gzipBytes),
      `${composed.requests} / ${monolith.requests}`,
      `${composed.chainDepth} / ${monolith.chainDepth}`,
      `${kb(budgetModelBytes.desktop)} / ${kb(budgetModelBytes.mobile)}`,
    ]),
  );
  const timings = table(
    ['route', 'build', 'FCP', 'LCP', 'CLS'],
    routes.flatMap(({ route, figures }) => BUILDS.map((build) => [route, build, ms(figures[build].fcp), ms(figures[build].lcp), figures[build].cls.toFixed(3)])),
  );
  const lcpRatios = table(
    ['route', 'LCP composed − monolith, server-rendered (federation as shipped)', 'LCP browser-rendered − monolith (federation, browser alone)', 'LCP ratio (browser alone)', 'LCP composed − browser-rendered (server render)'],
    routes.map(({ route, figures: { composed, 'browser-rendered': browserRendered, monolith, 'server-rendered monolith': monolithServerRendered } }) => [
      route,
      ms(composed.lcp - monolithServerRendered.lcp),
      ms(browserRendered.lcp - monolith.lcp),
      ratio(browserRendered.lcp, monolith.lcp),
      ms(composed.lcp - browserRendered.lcp),
    ]),
  );
  const audited = routes.flatMap(({ lighthouse }) => AUDITED_BUILDS.map((build) => lighthouse[build]));
  const audits = table(
    ['route', 'build', 'performance', 'FCP', 'LCP', 'TBT', 'benchmark index'],
    routes.flatMap(({ route, lighthouse }) => AUDITED_BUILDS.map((build) => [route, build, String(lighthouse[build].scores.performance), ...metricCells(lighthouse[build])])),
  );
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${ms(value)}`;
  for (const { route, figures: { composed, 'browser-rendered': browserRendered, monolith, 'server-rendered monolith': monolithServerRendered }, federationRuntimeBytes } of routes) {
    goals.push({ goal: `${route}: first-load JS+CSS ≤ ${kb(GOALS.firstLoadBytes)} gzip`, pass: composed.gzipBytes <= GOALS.firstLoadBytes, figure: kb(composed.gzipBytes) });
    // What federation costs beyond the runtime any composed store needs; the whole difference beside it.
    const overhead = (composed.gzipBytes - federationRuntimeBytes) / monolith.gzipBytes - 1;
    const whole = composed.gzipBytes / monolith.gzipBytes - 1;
    const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;
    goals.push({ goal: `${route}: federation ≤ 5% bytes over the monolith, beyond its runtime`, pass: overhead <= GOALS.federationBytesOverhead, figure: `${percent(overhead)} (${percent(whole)} with the runtime's ${kb(federationRuntimeBytes)})` });
    // Like for like, both ways: as shoppers get the two (the same server code draws both first
    // screens), and rendered by the browser alone, where federation's bytes weigh most.
    const shipped = composed.lcp - monolithServerRendered.lcp;
    goals.push({ goal: `${route}: federation ≤ 100 ms LCP over the monolith (both server-rendered, as shipped)`, pass: shipped <= GOALS.federationLcpOverheadMs, figure: signed(shipped) });
    const browserAlone = browserRendered.lcp - monolith.lcp;
    goals.push({ goal: `${route}: federation ≤ 100 ms LCP over the monolith (both browser-rendered)`, pass: browserAlone <= GOALS.federationLcpOverheadMs, figure: signed(browserAlone) });
  }
  for (const { route, figures: { composed } } of routes.filter((item) => item.route === 'home' || item.route === 'product')) {
    goals.push({ goal: `${route}: LCP ≤ 1.5 s`, pass: composed.lcp <= GOALS.lcpMs, figure: ms(composed.lcp) });
    goals.push({ goal: `${route}: CLS ≤ 0.02`, pass: composed.cls <= GOALS.cls, figure: composed.cls.toFixed(3) });
  }
  const detail = routes
    .map(({ route, composedFiles }) => `<details><summary>${route}: the composed build's ${composedFiles.length} files</summary>\n\n${table(['depth', 'gzip', 'file'], composedFiles.map((file) => [String(file.depth), kb(file.gzipBytes), file.url]))}\n\n</details>`)
    .join('\n\n');
  return [
    '## 1. Bundles: first load, composed vs monolith',
    [
      '- What counts: the JS and CSS, remote entries, manifests and `composition.json` that Chromium fetched on a cold visit.',
      '- A stylesheet travels in the JS that puts it in the page.',
      '- Each file is gzipped at level 9, as the static servers do.',
      "- *Beyond the runtime*: the composed build's bytes less the federation runtime's in the shell's first-load scripts (the `@module-federation` packages' code, found through the source maps, gzipped alone). It is what federation adds besides the runtime any composed store loads.",
      '- Chain depth: the document is 1. A file the HTML asked for is 2.',
      '- A file a script asked for is one deeper than that script, or than the last first-load file in before it was asked, whichever is deeper.',
    ].join('\n'),
    bundles,
    '## 2. Page load under mobile throttling',
    [
      `- The phone: cold cache, ${MOBILE_THROTTLING.latencyMs} ms RTT, ${MOBILE_THROTTLING.downloadKbps} kbps down, ${MOBILE_THROTTLING.uploadKbps} kbps up, CPU ${MOBILE_THROTTLING.cpuSlowdown}× slower, a 412×823 screen, a phone's user agent.`,
      '- No TBT here: the bench has one TBT, Lighthouse\'s, in the table after these.',
      `- ${measuredAt(audited)}`,
      "- *composed*: the store as shoppers get it, each page's first screen drawn on the server.",
      '- *browser-rendered*: the same store with server renders off.',
      '- *monolith*: the monolith build, drawn by the browser alone.',
      "- *server-rendered monolith*: the monolith behind the same server render. The HTML is the same; only the scripts differ.",
      "- Warm-up: each server draws every route once, and the browser loads one page of each build. A server's first render is 50–80 ms slower.",
      '- Each run loads every build in turn, starting with the next build each time.',
    ].join('\n'),
    timings,
    lcpRatios,
    [
      `- Lighthouse 12, mobile, median of ${routes[0]?.lighthouse.composed.runs ?? 0} runs per route and build, the two builds in turn.`,
      '- Its phone is simulated: an unthrottled load, replayed on a CPU 4× slower than this one over slow 4G.',
      '- Its TBT is the bench\'s only one: each main-thread task\'s time over 50 ms, from the first paint until the page is interactive.',
      '- Section 5 audits the same pages of its own store the same way.',
      machinePower(audited),
    ]
      .filter((line) => line !== '')
      .join('\n'),
    audits,
    detail,
  ].join('\n\n');
}

const TARGETS: Target[] = ['api (PGlite)', 'api (PostgreSQL)', 'bare node:http', 'json-server'];

function apiSection(api: ApiFigures, goals: Goal[]): string {
  const present = TARGETS.filter((target) => api.results[target]);
  const cell = (figures: LoadFigures | undefined) => (figures ? `${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms${figures.errors ? `, ${figures.errors} errors` : ''}` : '—');
  const rows = api.endpoints.map(({ name, request }) => [`${name} \`${request}\``, ...present.map((target) => cell(api.results[target]?.[name]))]);
  const bare = api.results['bare node:http'];
  const jsonServer = api.results['json-server'];
  const ratios = api.endpoints.map(({ name }) => [
    name,
    ...(['api (PGlite)', 'api (PostgreSQL)'] as Target[]).flatMap((target) => {
      const ours = api.results[target]?.[name];
      return [ours && bare?.[name] ? ratio(ours.rps, bare[name].rps) : '—', ours && jsonServer?.[name] ? ratio(ours.rps, jsonServer[name].rps) : '—'];
    }),
  ]);
  for (const target of ['api (PGlite)', 'api (PostgreSQL)'] as Target[]) {
    const product = api.results[target]?.product;
    if (!product) continue;
    if (bare?.product) goals.push({ goal: `${target}: GET /products/{id} ≥ 50% of bare node`, pass: product.rps >= GOALS.productVsBare * bare.product.rps, figure: `${((product.rps / bare.product.rps) * 100).toFixed(0)}%` });
    if (jsonServer?.product) goals.push({ goal: `${target}: GET /products/{id} ≥ 3× json-server`, pass: product.rps >= GOALS.productVsJsonServer * jsonServer.product.rps, figure: ratio(product.rps, jsonServer.product.rps) });
  }
  const onPostgres = api.results['api (PostgreSQL)']?.product;
  goals.push({ goal: `GET /products/{id} p99 ≤ 10 ms at ${CONNECTIONS} connections on PostgreSQL`, pass: !!onPostgres && onPostgres.p99 <= GOALS.productP99Ms, figure: onPostgres ? ms(onPostgres.p99) : `not measured (${api.postgres})` });
  const writes = api.results['api (PostgreSQL)']?.['cart PATCH'];
  const notMeasured = `not measured (${api.postgres})`;
  goals.push({ goal: `cart writes from ${CART_SHOPPERS} shoppers ≥ ${GOALS.cartWritesPerSecond}/s on PostgreSQL`, pass: !!writes && writes.rps >= GOALS.cartWritesPerSecond, figure: writes ? `${writes.rps.toFixed(0)}/s` : notMeasured });
  goals.push({ goal: `cart writes from ${CART_SHOPPERS} shoppers p99 ≤ ${GOALS.cartWriteP99Ms} ms on PostgreSQL`, pass: !!writes && writes.p99 <= GOALS.cartWriteP99Ms, figure: writes ? ms(writes.p99) : notMeasured });
  return [
    '## 3. API',
    [
      `autocannon sends from ${CONNECTIONS} connections.`,
      'Each figure is the median of the runs.',
      'The servers run at once; each request is measured on each server in turn, so a slow moment of the machine hits all alike.',
      'Bare node:http answers the bytes the api gave for the same request: the ceiling.',
      'json-server 0.17 serves the same catalogue in its own query language (`?category=`, `?q=`, a PATCH of a cart record).',
      `Cart writes come from ${CART_SHOPPERS} shoppers, each with a line of their own, who take turns: each request is the next shopper's.`,
      `PostgreSQL: ${api.postgres}.`,
      'The api keeps products, listing pages and suggestions in memory until a product changes, so a repeated read is answered from memory.',
      'Section 4 measures answers worked out afresh (no word asked twice).',
    ].join(' '),
    table(['request', ...present], rows),
    'Ratios of requests per second:',
    table(['request', 'PGlite / bare', 'PGlite / json-server', 'PostgreSQL / bare', 'PostgreSQL / json-server'], ratios),
  ].join('\n\n');
}

function growthSection(growth: GrowthFigures[], goals: Goal[]): string {
  const rows = growth.map(({ database, products, seedSeconds, latency }) => [
    GROWTH_DATABASE_NAMES[database],
    products.toLocaleString('en-ZA'),
    `${seedSeconds.toFixed(0)} s`,
    ...GROWTH_QUERIES.map((query) => `${latency[query].p50.toFixed(1)} / ${latency[query].p95.toFixed(1)} ms`),
  ]);
  for (const database of new Set(growth.map((item) => item.database))) {
    const largest = growth.find((item) => item.database === database && item.products === 100_000);
    for (const query of ['search', 'search, two words', 'suggest'] as const) {
      goals.push({
        goal: `${query}: p95 ≤ 30 ms at 10^5 products (${GROWTH_DATABASE_NAMES[database]})`,
        pass: !!largest && largest.latency[query].p95 <= GOALS.searchP95Ms,
        figure: largest ? ms(largest.latency[query].p95, 1) : 'not measured',
      });
    }
  }
  // Not in the default run (seeding a million products takes minutes): a goal when measured.
  const million = growth.find((item) => item.database === 'postgres' && item.products === 1_000_000);
  if (million) {
    for (const query of ['search', 'suggest'] as const) {
      goals.push({ goal: `${query}: p95 ≤ 50 ms at 10^6 products (PostgreSQL)`, pass: million.latency[query].p95 <= GOALS.searchP95AtMillionMs, figure: ms(million.latency[query].p95, 1) });
    }
  }
  const requests = growth[0] ? GROWTH_QUERIES.map((query) => `- ${query}: \`${growth[0]?.latency[query].request}\``).join('\n') : '';
  return [
    '## 4. Growth',
    [
      '- One request at a time, after a warm-up.',
      '- Each figure: p50 / p95 of 12 requests, the median over the runs. The p95 of 12 is their slowest.',
      '- Every request has a word (or price) of its own, never asked before: no answer is kept from before.',
      '- A search of two words pairs two of the same words, each pair new.',
      '- A million products on PostgreSQL (goal: p95 ≤ 50 ms): `BENCH_GROWTH_SIZES=1000000 BENCH_GROWTH_DATABASES=postgres`.',
    ].join('\n'),
    table(['database', 'products', 'seeding', ...GROWTH_QUERIES.map((query) => `${query} p50 / p95`)], rows),
    requests,
  ].join('\n\n');
}

export function tbtAgreement(frontEnd: readonly RouteFigures[], hydration: HydrationFigures): string {
  const rows = frontEnd.flatMap(({ route, lighthouse }) => {
    const served = hydration.lighthouse.find((page) => page.route === route);
    if (!served) return [];
    const [first, second] = [lighthouse.composed.metrics.tbtMs, served.metrics.tbtMs];
    return [[route, ms(first), ms(second), ms(Math.abs(first - second)), `${lighthouse.composed.benchmarkIndex ?? '—'} / ${served.benchmarkIndex ?? '—'}`]];
  });
  if (rows.length === 0) return '';
  return [
    '## One TBT',
    "Lighthouse's TBT of each page as shoppers get it, measured in section 2 and again in section 5, each on its own store:",
    table(['route', 'section 2', 'section 5', 'apart', 'benchmark index (2 / 5)'], rows),
  ].join('\n\n');
}

/** A change from the baseline to now, signed: lower is better for every figure here but scores. */
function change(before: number, after: number, unit: 'ms' | 'points'): string {
  if (Number.isNaN(before) || Number.isNaN(after)) return '—';
  const difference = after - before;
  const sign = difference > 0 ? '+' : difference < 0 ? '−' : '±';
  return unit === 'ms' ? `${sign}${ms(Math.abs(difference))}` : `${sign}${Math.abs(difference)}`;
}

export function baselineSection(figures: BaselineFigures): string {
  const { baseline, now } = figures.lighthouse;
  const audits = baseline.flatMap((before) => {
    const after = now.find((page) => page.route === before.route);
    if (!after) return [];
    const index = `${before.benchmarkIndex ?? '—'} / ${after.benchmarkIndex ?? '—'}`;
    return [
      [before.route, 'performance', String(before.scores.performance), String(after.scores.performance), change(before.scores.performance, after.scores.performance, 'points'), index],
      [before.route, 'TBT', ms(before.metrics.tbtMs), ms(after.metrics.tbtMs), change(before.metrics.tbtMs, after.metrics.tbtMs, 'ms'), index],
      [before.route, 'LCP', ms(before.metrics.lcpMs), ms(after.metrics.lcpMs), change(before.metrics.lcpMs, after.metrics.lcpMs, 'ms'), index],
    ];
  });
  const range = benchmarkRange([...baseline, ...now]);
  const power = range ? ` Lighthouse's benchmark index of the machine meanwhile: ${range}.` : '';
  return [
    `## 6. Side by side with ${figures.ref}`,
    [
      `- *baseline*: ${figures.ref}, commit ${figures.commit} (${figures.subject}), from a git worktree of its own, installed and served by its own \`npm start\`.`,
      `- *now*: this checkout (${figures.nowCommit}), served the same way.`,
      `- Both on this machine in the same run, taking turns: ${figures.runs} runs per page, each starting with the other side.`,
      `- The phone is section 2's; the taps are section 5's.${power}`,
    ].join('\n'),
    table(
      ['route', 'FCP baseline', 'FCP now', 'change', 'LCP baseline', 'LCP now', 'change'],
      figures.paints.map((row) => [row.route, ms(row.fcp.baseline), ms(row.fcp.now), change(row.fcp.baseline, row.fcp.now, 'ms'), ms(row.lcp.baseline), ms(row.lcp.now), change(row.lcp.baseline, row.lcp.now, 'ms')]),
    ),
    table(['interaction (INP)', 'baseline', 'now', 'change'], figures.interactions.map((row) => [row.interaction, ms(row.medianMs.baseline), ms(row.medianMs.now), change(row.medianMs.baseline, row.medianMs.now, 'ms')])),
    'Lighthouse, mobile, median of the runs:',
    table(['route', 'figure', 'baseline', 'now', 'change', 'benchmark index (baseline / now)'], audits),
  ].join('\n\n');
}

function canarySection({ load, reportsPerSecond }: CanaryFigures, goals: Goal[]): string {
  for (const figures of load.filter((item) => item.case.startsWith('50% canary'))) {
    goals.push({ goal: `guest home ≥ ${CANARY_GUEST_PAGES_PER_SECOND} pages/s during a canary (${figures.case.replace('50% canary, ', '')})`, pass: figures.pagesPerSecond >= CANARY_GUEST_PAGES_PER_SECOND && figures.errors === 0, figure: `${figures.pagesPerSecond.toFixed(0)} pages/s` });
  }
  return [
    '## 7. Guests\' pages during a canary',
    'Guest home at 20 connections for 5 s (after a run that draws and keeps the pages), as a phone asks: with no canary, then with a 50% canary (every remote\'s working build again under another version). New browsers send no cookie, so each is given its id and one of the two arms; returning ones send their id.',
    table(['who asks', 'pages/s', 'p50', 'p99', 'errors', 'ids given'], load.map((item) => [item.case, item.pagesPerSecond.toFixed(0), ms(item.p50), ms(item.p99), String(item.errors), String(item.cookiesSet)])),
    `Page views loaded and reported (the composition with its token, then the report), 8 at once: ${reportsPerSecond.toFixed(0)} a second.`,
  ].join('\n\n');
}

function catalogueSection({ products, rows, imports, pictures }: CatalogueFigures, goals: Goal[]): string {
  for (const figures of imports) {
    goals.push({
      goal: `${products} products with variants imported in under ${CATALOGUE_IMPORT_GOAL_SECONDS} s (${figures.database})`,
      pass: figures.firstSeconds < CATALOGUE_IMPORT_GOAL_SECONDS,
      figure: `${figures.firstSeconds.toFixed(1)} s`,
    });
  }
  return [
    '## 8. Bringing in a shop\'s catalogue',
    `A generated Shopify product CSV of ${products} products in 2 colours × 2 sizes (${rows} rows), imported by \`npm run catalogue\` into a fresh database: the whole command as a person runs it (node, opening and migrating the database, the check, the write), then the same file again, which changes nothing.`,
    table(['database', 'first import', 'rows/s', 'the same file again'], imports.map((item) => [item.database, `${item.firstSeconds.toFixed(1)} s`, item.rowsPerSecond.toFixed(0), `${item.againSeconds.toFixed(1)} s`])),
    `Pictures, made one at a time after the products are in: ${pictures.perSecond.toFixed(1)} a second from ${pictures.count} photographs of ${pictures.sourcePixels} (both sizes, WebP).`,
  ].join('\n\n');
}

export function renderReport(input: ReportInput): { markdown: string; summary: string } {
  const { machine } = input;
  const goals: Goal[] = [];
  const sections = [
    input.frontEnd ? frontEndSection(input.frontEnd, goals) : '## 1–2. Front end\n\nNot run (BENCH_ONLY).',
    input.api ? apiSection(input.api, goals) : '## 3. API\n\nNot run (BENCH_ONLY).',
    input.growth ? growthSection(input.growth, goals) : '## 4. Growth\n\nNot run (BENCH_ONLY).',
    input.hydration ? hydrationSection(input.hydration, goals) : '## 5. The server\'s page, live at once, and under load\n\nNot run (BENCH_ONLY).',
    input.frontEnd && input.hydration ? tbtAgreement(input.frontEnd, input.hydration) : '',
    input.canary ? canarySection(input.canary, goals) : '## 7. Guests\' pages during a canary\n\nNot run (BENCH_ONLY).',
    input.catalogue ? catalogueSection(input.catalogue, goals) : '## 8. Bringing in a shop\'s catalogue\n\nNot run (BENCH_ONLY).',
    input.baseline ? baselineSection(input.baseline) : '## 6. Side by side with the code before a change\n\nNot run: set BENCH_BASELINE to a git ref (main, HEAD~1, a tag or a commit) to measure its browser figures beside this checkout\'s in the same run.',
  ].filter((section) => section !== '');
  const goalTable = table(['goal', 'status', 'figure'], goals.map((goal) => [goal.goal, verdict(goal.pass), goal.figure]));
  const header = [
    '# Jacaranda benchmark report',
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB memory, ${machine.platform}`,
    `- Node ${machine.node}; commit ${machine.commit}; ${machine.date}`,
    `- Medians of ${input.runs} runs; the whole run took ${input.totalSeconds.toFixed(0)} s`,
  ].join('\n');
  const markdown = `${[header, '## Goals', goalTable, ...sections].join('\n\n')}\n`;
  const passed = goals.filter((goal) => goal.pass).length;
  const summary = [`Goals: ${passed} of ${goals.length} met`, ...goals.map((goal) => `  ${verdict(goal.pass)}  ${goal.goal}: ${goal.figure}`)].join('\n');
  return { markdown, summary };
}
