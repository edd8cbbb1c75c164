import { DEFAULT_DATA_DIR, type Database } from '../db/database';
import { createDatabase } from '../db/openDatabase';
import { migrate } from '../db/migrate';
import { SEED } from './buildCatalogue';
import { generateCatalogue } from './generateCatalogue';
import { seedDatabase } from './seed';

export interface SeedOptions {
  products: number;
  seed: number;
  replace: boolean;
  /** Leave out the products' written reviews (their ratings and counts stay on the products). */
  reviews: boolean;
}

const USAGE = 'usage: npm run seed -w api -- --products <count> [--seed <number>] [--replace] [--no-reviews]';

function wholeNumber(flag: string, value: string | undefined, min: number): number {
  const number = Number(value);
  if (value === undefined || !Number.isInteger(number) || number < min) {
    throw new Error(`${flag} needs a whole number of at least ${min}, got "${value ?? ''}"\n${USAGE}`);
  }
  return number;
}

export function parseSeedArgs(args: readonly string[]): SeedOptions {
  const options: SeedOptions = { products: 0, seed: SEED, replace: false, reviews: true };
  for (let index = 0; index < args.length; index += 1) {
    const flag = args[index];
    if (flag === '--products') options.products = wholeNumber(flag, args[(index += 1)], 1);
    else if (flag === '--seed') options.seed = wholeNumber(flag, args[(index += 1)], 0);
    else if (flag === '--replace') options.replace = true;
    else if (flag === '--no-reviews') options.reviews = false;
    else throw new Error(`unknown argument "${flag}"\n${USAGE}`);
  }
  if (options.products === 0) throw new Error(`--products is required\n${USAGE}`);
  return options;
}

/**
 * Fills the database with a generated catalogue. A shop that already has products is left alone
 * unless --replace is given, which deletes them first (and so every cart line and wishlist item).
 * --no-reviews leaves out the written reviews, about 20 per product and half of the seed's time
 * (2 million rows at 10^5 products): for measuring what reads only the products.
 */
export async function seedLargeCatalogue(database: Database, options: SeedOptions): Promise<number> {
  await migrate(database);
  const existing = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  const count = existing.rows[0]?.n ?? 0;
  if (count > 0) {
    if (!options.replace) throw new Error(`The shop already has ${count} products; pass --replace to delete them first.`);
    await database.exec('DELETE FROM products');
  }
  const result = await seedDatabase(database, () => generateCatalogue(options.products, options.seed), { bulk: true, reviews: options.reviews });
  // PGlite has no autovacuum, so the seed does its work: fresh statistics, so the planner knows the
  // catalogue's size at once; and a vacuum, which moves the rows just indexed out of the GIN
  // indexes' pending lists (every search scanned up to 4 MB of them, unsorted) and marks the pages
  // all-visible.
  await database.exec('VACUUM ANALYZE');
  return result.productsInserted;
}

async function main(): Promise<void> {
  const options = parseSeedArgs(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || DEFAULT_DATA_DIR;
  const database = await createDatabase({ databaseUrl, dataDir });
  const started = Date.now();
  try {
    const inserted = await seedLargeCatalogue(database, options);
    const where = database.kind === 'pglite' ? `PGlite at ${dataDir}` : 'PostgreSQL';
    console.log(`Seeded ${inserted} products into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
