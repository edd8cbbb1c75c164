/**
 * `npm run bench`: the store's benchmarks side by side, with each goal's status. Prints a
 * summary and writes bench/report.md. Settings (env): BENCH_RUNS (5), BENCH_API_SECONDS (1),
 * BENCH_GROWTH_SIZES (1000,10000,100000), BENCH_DATABASE_URL (PostgreSQL server; empty skips it),
 * BENCH_PORT_BASE (26100), BENCH_ONLY (e.g. "frontend,api"; sections frontend, api, growth, hydration, baseline, canary, catalogue), BENCH_CATALOGUE_PRODUCTS (10000), BENCH_TAPS (10), RENDER_THREADS (section 5's store, 1), BENCH_GROWTH_DATABASES (pglite; "pglite,postgres"
 * also measures growth on BENCH_DATABASE_URL's server), BENCH_BASELINE (a git ref: section 6 measures the browser's figures of
 * that commit and of this checkout side by side; unset, the code before the change (baselineBench.ts's
 * defaultBaseline); "none" skips section 6).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureBuilt, ensureMonolithBuilt } from '@storefront/scripts/ensure-built';
import { benchApi, type ApiFigures } from './apiBench';
import { benchBaseline, defaultBaseline, repositoryState, type BaselineFigures } from './baselineBench';
import { benchCanary, type CanaryFigures } from './canaryBench';
import { benchCatalogue, type CatalogueFigures } from './catalogueBench';
import { benchFrontEnd, type RouteFigures } from './frontEnd';
import { benchHydration, type HydrationFigures } from './hydrationBench';
import { benchGrowth, GROWTH_DATABASES, type GrowthDatabase, type GrowthFigures } from './growthBench';
import { machineInfo } from './lib/machine';
import { renderReport } from './report';

const SECTIONS = ['frontend', 'api', 'growth', 'hydration', 'baseline', 'canary', 'catalogue'] as const;

function wholeNumber(name: string, fallback: number, min = 1): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${value}"`);
  return number;
}

function sizes(): number[] {
  const value = process.env.BENCH_GROWTH_SIZES;
  if (!value) return [1_000, 10_000, 100_000];
  const list = value.split(',').map((item) => Number(item.trim()));
  if (list.some((item) => !Number.isInteger(item) || item < 1)) throw new Error(`BENCH_GROWTH_SIZES must be whole numbers separated by commas, got "${value}"`);
  return list;
}

/** Growth seeds 10^5 products per database, minutes each: PGlite only unless asked. */
function growthDatabases(): GrowthDatabase[] {
  const value = process.env.BENCH_GROWTH_DATABASES;
  if (!value) return ['pglite'];
  const chosen = value.split(',').map((item) => item.trim());
  const unknown = chosen.filter((item) => !(GROWTH_DATABASES as readonly string[]).includes(item));
  if (unknown.length > 0 || chosen.length === 0) throw new Error(`BENCH_GROWTH_DATABASES takes ${GROWTH_DATABASES.join(', ')}; unknown: ${unknown.join(', ')}`);
  return chosen as GrowthDatabase[];
}

function sections(): Set<string> {
  const value = process.env.BENCH_ONLY;
  if (!value) return new Set(SECTIONS);
  const chosen = value.split(',').map((item) => item.trim());
  const unknown = chosen.filter((item) => !(SECTIONS as readonly string[]).includes(item));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY takes ${SECTIONS.join(', ')}; unknown: ${unknown.join(', ')}`);
  return new Set(chosen);
}

/** Section 6's baseline: BENCH_BASELINE's ref, none when it is "none", else the code before the change. */
function chooseBaseline(log: (line: string) => void): string {
  const given = process.env.BENCH_BASELINE ?? '';
  if (given === 'none') return '';
  if (given) return given;
  const chosen = defaultBaseline(repositoryState());
  if (!chosen) log('baseline: this checkout has no commit before its last to compare with; section 6 is not run (set BENCH_BASELINE)');
  else log(`baseline: ${chosen.ref}, ${chosen.why} (BENCH_BASELINE names another; "none" skips it)`);
  return chosen?.ref ?? '';
}

async function main(): Promise<void> {
  const started = Date.now();
  const runs = wholeNumber('BENCH_RUNS', 5);
  const seconds = wholeNumber('BENCH_API_SECONDS', 1);
  const only = sections();
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const log = (line: string) => console.log(`[bench] ${line}`);
  const baselineRef = only.has('baseline') ? chooseBaseline(log) : '';
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

  await ensureBuilt(log);
  if (only.has('frontend')) await ensureMonolithBuilt(log);
  const machine = machineInfo();
  log(`${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, node ${machine.node}, commit ${machine.commit}`);

  let frontEnd: RouteFigures[] | null = null;
  let api: ApiFigures | null = null;
  let growth: GrowthFigures[] | null = null;
  let hydration: HydrationFigures | null = null;
  let baseline: BaselineFigures | null = null;
  let canary: CanaryFigures | null = null;
  let catalogue: CatalogueFigures | null = null;
  if (only.has('frontend')) {
    log(`front end: 4 routes × composed and monolith, each server- and browser-rendered × ${runs} cold, throttled loads`);
    frontEnd = await benchFrontEnd(runs, log);
    log(`front end done at ${elapsed()}`);
  }
  if (only.has('api')) {
    log(`api: ${runs} runs of ${seconds} s per request and server`);
    api = await benchApi({ runs, seconds, postgresUrl: postgresUrl || null, log });
    log(`api done at ${elapsed()}`);
  }
  if (only.has('growth')) {
    const databases = growthDatabases();
    log(`growth: ${sizes().join(', ')} products on ${databases.join(', ')}`);
    growth = await benchGrowth({ sizes: sizes(), runs, databases, postgresUrl: postgresUrl || null, log });
    log(`growth done at ${elapsed()}`);
  }

  if (only.has('hydration')) {
    const tries = wholeNumber('BENCH_TAPS', 10);
    log(`hydration: ${tries} taps per route on a throttled phone, interactions and ${runs} cold loads per route, each hydrated and replaced; guests' pages under load; ${runs} Lighthouse runs per route, hydrated and replaced`);
    hydration = await benchHydration(tries, runs, log);
    log(`hydration done at ${elapsed()}`);
  }

  if (baselineRef) {
    log(`baseline: ${baselineRef} beside this checkout, ${runs} cold loads and Lighthouse runs per route, taps per interaction, in turn`);
    baseline = await benchBaseline(baselineRef, runs, wholeNumber('BENCH_TAPS', 10), log);
    log(`baseline done at ${elapsed()}`);
  }

  if (only.has('canary')) {
    log('canary: guest home under load with no canary and with a 50% canary; page views reported a second');
    canary = await benchCanary(log);
    log(`canary done at ${elapsed()}`);
  }

  if (only.has('catalogue')) {
    const products = wholeNumber('BENCH_CATALOGUE_PRODUCTS', 10_000);
    log(`catalogue: importing ${products} products with 4 variants each, then the same file again; pictures made afterwards`);
    catalogue = await benchCatalogue({ products, postgresUrl: postgresUrl || null, log });
    log(`catalogue done at ${elapsed()}`);
  }

  const report = renderReport({ machine, runs, apiSeconds: seconds, frontEnd, api, growth, hydration, baseline, canary, catalogue, totalSeconds: (Date.now() - started) / 1000 });
  const file = path.join(__dirname, 'report.md');
  await writeFile(file, report.markdown);
  console.log(`\n${report.summary}\n\nThe full report: ${path.relative(process.cwd(), file)} (${elapsed()})`);
}

main().catch((error: unknown) => {
  console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
