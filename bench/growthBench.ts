/**
 * Section 4: search and filtered-listing latency as the catalogue grows, each size seeded with the
 * api's own generator into a fresh PGlite folder. Requests go one at a time (latency, not load).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../scripts/lib/packages';
import { portBase, startApi } from './lib/servers';
import { median, percentile } from './lib/stats';

const run = promisify(execFile);

export const GROWTH_QUERIES = ['search', 'suggest', 'filtered listing'] as const;
export type GrowthQuery = (typeof GROWTH_QUERIES)[number];

export interface GrowthFigures {
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

export async function benchGrowth(options: { sizes: number[]; runs: number; log: (line: string) => void }): Promise<GrowthFigures[]> {
  const results: GrowthFigures[] = [];
  const port = portBase() + 40;
  for (const size of options.sizes) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `storefront-bench-${size}-`));
    try {
      const started = Date.now();
      await run(process.execPath, [path.join(ROOT, 'api/dist/seed/seedCommand.js'), '--products', String(size)], {
        cwd: path.join(ROOT, 'api'),
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      });
      const seedSeconds = (Date.now() - started) / 1000;
      const api = await startApi(port, { dataDir });
      try {
        // Words shoppers would type, taken from the catalogue itself.
        const sample = (await (await fetch(`${api.url}/products?limit=50&sort=newest`)).json()) as { name: string }[];
        const words = [...new Set(sample.flatMap((product) => product.name.toLowerCase().split(/\s+/)).filter((word) => word.length >= 4))].slice(0, REQUESTS_PER_RUN);
        if (words.length === 0) throw new Error('the seeded catalogue has no product names to search for');
        const requests: Record<GrowthQuery, (index: number) => string> = {
          search: (index) => `/products?search=${encodeURIComponent(words[index % words.length] as string)}&limit=24`,
          suggest: (index) => `/search/suggest?q=${encodeURIComponent(words[index % words.length] as string)}`,
          'filtered listing': (index) => `/products?category=fashion&in_stock=true&min_price=${100 + index}&max_price=2000&sort=price_asc&limit=24`,
        };
        const latency = {} as GrowthFigures['latency'];
        for (const query of GROWTH_QUERIES) {
          for (let index = 0; index < 2; index += 1) await timed(`${api.url}${requests[query](index)}`);
          const p50s: number[] = [];
          const p95s: number[] = [];
          for (let runIndex = 0; runIndex < options.runs; runIndex += 1) {
            const samples: number[] = [];
            for (let index = 0; index < REQUESTS_PER_RUN; index += 1) samples.push(await timed(`${api.url}${requests[query](index)}`));
            p50s.push(percentile(samples, 50));
            p95s.push(percentile(samples, 95));
          }
          latency[query] = { p50: median(p50s), p95: median(p95s), request: requests[query](0).replace(words[0] as string, '{word}') };
        }
        results.push({ products: size, seedSeconds, latency });
        options.log(
          `${String(size).padStart(7)} products (seeded in ${seedSeconds.toFixed(0)} s): ` +
            GROWTH_QUERIES.map((query) => `${query} p50 ${latency[query].p50.toFixed(1)} / p95 ${latency[query].p95.toFixed(1)} ms`).join(', '),
        );
      } finally {
        await api.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}
