/**
 * Section 4: search and filtered-listing latency as the catalogue grows, each size seeded with the
 * api's own generator into a fresh PGlite folder, and (BENCH_GROWTH_DATABASES) a fresh database on
 * the PostgreSQL server. Requests go one at a time (latency, not load).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '@storefront/edge/packages';
import { withPostgresDatabase } from './apiBench';
import { portBase, startApi } from './lib/servers';
import { median, percentile } from './lib/stats';

const run = promisify(execFile);

export const GROWTH_QUERIES = ['search', 'search, two words', 'suggest', 'filtered listing'] as const;
export type GrowthQuery = (typeof GROWTH_QUERIES)[number];

export const GROWTH_DATABASES = ['pglite', 'postgres'] as const;
export type GrowthDatabase = (typeof GROWTH_DATABASES)[number];
export const GROWTH_DATABASE_NAMES: Record<GrowthDatabase, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

export interface GrowthFigures {
  database: GrowthDatabase;
  products: number;
  seedSeconds: number;
  /** query → medians over the runs of each run's p50 and p95 */
  latency: Record<GrowthQuery, { p50: number; p95: number; request: string }>;
}

const REQUESTS_PER_RUN = 12;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * A fresh database of `size` products, seeded by the api's own command; `measure` gets where the
 * api finds it. Without the written reviews: none of the requests measured reads them, and at
 * 10^5 products their 2 million rows were half of the seed's time.
 */
async function withSeededDatabase<T>(
  database: GrowthDatabase,
  size: number,
  postgresUrl: string | null,
  measure: (where: { dataDir?: string; databaseUrl?: string }, seedSeconds: number) => Promise<T>,
): Promise<T> {
  const seed = async (env: Record<string, string>) => {
    const started = Date.now();
    await run(process.execPath, [path.join(ROOT, 'api/dist/seed/seedCommand.js'), '--products', String(size), '--no-reviews'], {
      cwd: path.join(ROOT, 'api'),
      env: { ...process.env, ...env },
    });
    return (Date.now() - started) / 1000;
  };
  if (database === 'postgres') {
    if (!postgresUrl) throw new Error('growth on PostgreSQL needs BENCH_DATABASE_URL');
    return withPostgresDatabase(postgresUrl, async (databaseUrl) => measure({ databaseUrl }, await seed({ DATABASE_URL: databaseUrl })));
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `storefront-bench-${size}-`));
  try {
    return await measure({ dataDir }, await seed({ DATABASE_URL: '', DATA_DIR: dataDir }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchGrowth(options: {
  sizes: number[];
  runs: number;
  databases: readonly GrowthDatabase[];
  postgresUrl: string | null;
  log: (line: string) => void;
}): Promise<GrowthFigures[]> {
  const results: GrowthFigures[] = [];
  const port = portBase() + 40;
  for (const database of options.databases) {
    for (const size of options.sizes) {
      await withSeededDatabase(database, size, options.postgresUrl, async (where, seedSeconds) => {
        const api = await startApi(port, where);
        try {
          results.push(await measureGrowth(api.url, database, size, seedSeconds, options.runs, options.log));
        } finally {
          await api.stop();
        }
      });
    }
  }
  return results;
}

/**
 * Words shoppers would type, taken from the catalogue itself: `count` different ones. The api
 * keeps suggestions in memory until a product changes, so a word asked twice is answered from
 * memory the second time; growth is about reading the catalogue, so no word is asked twice.
 */
async function catalogueWords(apiUrl: string, count: number): Promise<string[]> {
  const words = new Set<string>();
  for (let page = 1; page <= 10 && words.size < count; page += 1) {
    const products = (await (await fetch(`${apiUrl}/products?limit=100&sort=newest&page=${page}`)).json()) as { name: string }[];
    for (const product of products) for (const word of product.name.toLowerCase().split(/\s+/)) if (word.length >= 4) words.add(word);
    if (products.length < 100) break;
  }
  if (words.size < count) throw new Error(`the seeded catalogue's names hold ${words.size} different words; the growth bench asks ${count}`);
  return [...words].slice(0, count);
}

async function measureGrowth(apiUrl: string, database: GrowthDatabase, size: number, seedSeconds: number, runs: number, log: (line: string) => void): Promise<GrowthFigures> {
  const warmUps = 2;
  const words = await catalogueWords(apiUrl, warmUps + runs * REQUESTS_PER_RUN);
  const requests: Record<GrowthQuery, (index: number) => string> = {
    search: (index) => `/products?search=${encodeURIComponent(words[index] as string)}&limit=24`,
    // Two words of the catalogue's, each asked once with another partner: "blue shirt" rather than "shirt".
    'search, two words': (index) => `/products?search=${encodeURIComponent(`${words[index] as string} ${words[words.length - 1 - index] as string}`)}&limit=24`,
    suggest: (index) => `/search/suggest?q=${encodeURIComponent(words[index] as string)}`,
    'filtered listing': (index) => `/products?category=fashion&in_stock=true&min_price=${100 + index}&max_price=2000&sort=price_asc&limit=24`,
  };
  const latency = {} as GrowthFigures['latency'];
  for (const query of GROWTH_QUERIES) {
    for (let index = 0; index < warmUps; index += 1) await timed(`${apiUrl}${requests[query](index)}`);
    const p50s: number[] = [];
    const p95s: number[] = [];
    for (let runIndex = 0; runIndex < runs; runIndex += 1) {
      const samples: number[] = [];
      for (let index = 0; index < REQUESTS_PER_RUN; index += 1) {
        samples.push(await timed(`${apiUrl}${requests[query](warmUps + runIndex * REQUESTS_PER_RUN + index)}`));
      }
      p50s.push(percentile(samples, 50));
      p95s.push(percentile(samples, 95));
    }
    latency[query] = { p50: median(p50s), p95: median(p95s), request: requests[query](0).replace(words[0] as string, '{word}').replace(encodeURIComponent(` ${words[words.length - 1] as string}`), '%20{word}') };
  }
  log(
    `${GROWTH_DATABASE_NAMES[database].padEnd(10)} ${String(size).padStart(7)} products (seeded in ${seedSeconds.toFixed(0)} s): ` +
      GROWTH_QUERIES.map((query) => `${query} p50 ${latency[query].p50.toFixed(1)} / p95 ${latency[query].p95.toFixed(1)} ms`).join(', '),
  );
  return { database, products: size, seedSeconds, latency };
}
