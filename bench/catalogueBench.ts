/**
 * Section 8: bringing in a shop's catalogue. A generated Shopify product CSV of `products`
 * products, each in 2 colours × 2 sizes (4 variant rows), imported by `npm run catalogue` into a
 * fresh PGlite folder (and a fresh PostgreSQL database when a server is given): the whole command
 * as a person runs it (node, the database opening, the check and the write), then the same file
 * again (nothing changes). Pictures are made in the background afterwards: their rate is measured
 * apart, on photographs of a phone camera's size.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ROOT } from '@storefront/edge/packages';
import { withPostgresDatabase } from './apiBench';

const run = promisify(execFile);

export interface CatalogueFigures {
  products: number;
  rows: number;
  /** database → seconds: the first import (the whole command), the same file again. */
  imports: { database: 'PGlite' | 'PostgreSQL'; firstSeconds: number; againSeconds: number; rowsPerSecond: number }[];
  pictures: { count: number; sourcePixels: string; perSecond: number };
}

/** The goal: 10^4 products with variants in under a minute on this machine (pictures follow). */
export const CATALOGUE_IMPORT_GOAL_SECONDS = 60;

const COLOURS = ['Navy', 'Olive'];
const SIZES = ['S', 'M'];
const HEADER =
  'Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Status';

/** A shop's file of `products` products in 2 colours × 2 sizes, some on sale; `pictures` of them with a picture beside the file. */
export function catalogueCsv(products: number, pictures = 0): string {
  const lines = [HEADER];
  for (let n = 1; n <= products; n += 1) {
    const handle = `bench-item-${n}`;
    const price = (99 + (n % 900)).toFixed(2);
    const compareAt = n % 4 === 0 ? (Number(price) * 1.25).toFixed(2) : '';
    let first = true;
    for (const colour of COLOURS) {
      for (const size of SIZES) {
        const cells = first
          ? [handle, `Bench Item ${n} Cotton Shirt`, `<p>Item ${n}: a soft cotton shirt.</p><ul><li>Machine wash</li></ul>`, 'Bench Mills', 'Apparel & Accessories > Clothing > Shirts', 'Shirts', 'cotton, bench', 'TRUE', 'Colour', colour, 'Size', size]
          : [handle, '', '', '', '', '', '', '', '', colour, '', size];
        cells.push(`B${n}-${colour[0]}-${size}`, String(n % 13), price, compareAt, first && n <= pictures ? `pictures/${n}.jpg` : '', first ? 'active' : '');
        lines.push(cells.map((cell) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','));
        first = false;
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

async function importOnce(file: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  await run(process.execPath, ['--conditions=storefront-source', '-r', 'sucrase/register/ts', 'api/src/cli/catalogueCommand.ts', 'import', file], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return (performance.now() - started) / 1000;
}

async function importTwice(database: CatalogueFigures['imports'][number]['database'], file: string, rows: number, env: NodeJS.ProcessEnv) {
  const firstSeconds = await importOnce(file, env);
  const againSeconds = await importOnce(file, env);
  return { database, firstSeconds, againSeconds, rowsPerSecond: rows / firstSeconds };
}

export async function benchCatalogue({ products, postgresUrl, log }: { products: number; postgresUrl: string | null; log: (line: string) => void }): Promise<CatalogueFigures> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-catalogue-'));
  try {
    const file = path.join(folder, 'shop.csv');
    await writeFile(file, catalogueCsv(products));
    const rows = products * COLOURS.length * SIZES.length;
    const imports: CatalogueFigures['imports'] = [];
    imports.push(await importTwice('PGlite', file, rows, { DATA_DIR: path.join(folder, 'data'), DATABASE_URL: '' }));
    log(`catalogue: ${products} products (${rows} rows) on PGlite in ${imports[0]?.firstSeconds.toFixed(1)} s`);
    if (postgresUrl) {
      imports.push(await withPostgresDatabase(postgresUrl, (databaseUrl) => importTwice('PostgreSQL', file, rows, { DATABASE_URL: databaseUrl })));
      log(`catalogue: on PostgreSQL in ${imports[1]?.firstSeconds.toFixed(1)} s`);
    }

    // Pictures: a phone camera's photographs (3000 × 4000), made by the command itself (no store
    // running). Noise, not a flat colour: a flat picture decodes and encodes far faster than a photograph.
    const count = 12;
    await mkdir(path.join(folder, 'pictures'));
    for (let n = 1; n <= count; n += 1) {
      await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + n * 5, sigma: 40 } } })
        .jpeg({ quality: 85 })
        .toFile(path.join(folder, 'pictures', `${n}.jpg`));
    }
    const withPictures = path.join(folder, 'pictures.csv');
    await writeFile(withPictures, catalogueCsv(count, count));
    const dataDir = path.join(folder, 'pictures-data');
    const { stdout } = await run(process.execPath, ['--conditions=storefront-source', '-r', 'sucrase/register/ts', 'api/src/cli/catalogueCommand.ts', 'import', withPictures], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    const made = /Made (\d+) pictures in ([0-9.]+) s/.exec(stdout);
    if (!made) throw new Error(`the picture run printed no timing:\n${stdout}`);
    const perSecond = Number(made[1]) / Number(made[2]);
    log(`catalogue: pictures at ${perSecond.toFixed(1)} a second`);
    return { products, rows, imports, pictures: { count, sourcePixels: '3000 × 4000 JPEG (noise, about 5 MB each)', perSecond } };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
