import { CATEGORIES, COLOURS, SIZES } from '@storefront/shared/domain';
import type { Database, Queryable } from '../db/database';
import { buildSeedCatalogue, type SeedProduct } from './buildCatalogue';
import { insertCatalogue } from './insertCatalogue';
import { seedReviews, withRatingOfReviews } from './seedReviews';

/** Colours, sizes and categories follow the shared constants; re-running updates them. */
async function upsertReferenceData(tx: Queryable): Promise<void> {
  for (const [position, colour] of COLOURS.entries()) {
    await tx.query(
      `INSERT INTO colours (name, code, position) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET code = EXCLUDED.code, position = EXCLUDED.position`,
      [colour.name, colour.code, position],
    );
  }
  for (const [position, size] of SIZES.entries()) {
    await tx.query(
      `INSERT INTO sizes (name, label, position) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET label = EXCLUDED.label, position = EXCLUDED.position`,
      [size.name, size.label, position],
    );
  }
  // Parents before children, so every parent_id already exists when it is referenced.
  const ordered = [...CATEGORIES].sort((a, b) => Number(a.parent !== null) - Number(b.parent !== null));
  for (const category of ordered) {
    const parentId = category.parent === null ? null : (CATEGORIES.find((c) => c.name === category.parent)?.id ?? null);
    await tx.query(
      `INSERT INTO categories (id, name, parent_id, position) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, parent_id = EXCLUDED.parent_id, position = EXCLUDED.position`,
      [category.id, category.name, parentId, CATEGORIES.indexOf(category)],
    );
  }
}

export interface SeedResult {
  productsInserted: number;
}

export interface SeedDatabaseOptions {
  /**
   * For a large catalogue: the tables' secondary indexes are dropped for the load and built again
   * from their own definitions after it, in the same transaction (a failure leaves them as they
   * were). Building an index once is cheaper than growing it row by row: about a fifth of a 10^4
   * or 10^5 seed on PGlite.
   */
  bulk?: boolean;
  /** false: no written reviews (for benches: the products keep the ratings they were made with). */
  reviews?: boolean;
}

/** The tables a seed fills; their unique indexes stay, since triggers and keys rely on them. */
const SEEDED_TABLES = ['products', 'product_search', 'search_postings', 'product_categories', 'product_colours', 'product_sizes', 'product_pictures', 'reviews'];

/** Drops the seeded tables' other indexes and hands back the statements that make them again. */
async function dropSecondaryIndexes(tx: Queryable): Promise<string[]> {
  const indexes = await tx.query<{ drop: string; create: string }>(
    `SELECT format('DROP INDEX %I.%I', i.schemaname, i.indexname) AS drop, i.indexdef AS create
     FROM pg_indexes i
     JOIN pg_class c ON c.relname = i.indexname
     JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = i.schemaname
     JOIN pg_index x ON x.indexrelid = c.oid
     WHERE i.schemaname = current_schema() AND i.tablename = ANY ($1::text[]) AND NOT x.indisunique
     ORDER BY i.tablename, i.indexname`,
    [SEEDED_TABLES],
  );
  for (const index of indexes.rows) await tx.query(index.drop);
  return indexes.rows.map((index) => index.create);
}

/**
 * Fills an empty shop at start-up. Runs in one transaction; on PostgreSQL an advisory lock
 * makes a second process starting at the same moment wait and then find the products there.
 */
export async function seedDatabase(
  database: Database,
  catalogue: () => readonly SeedProduct[] = buildSeedCatalogue,
  options: SeedDatabaseOptions = {},
): Promise<SeedResult> {
  return database.transaction(async (tx) => {
    if (database.kind === 'postgres') {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('storefront:seed:' || current_schema()))`);
    }
    await upsertReferenceData(tx);
    const existing = await tx.query('SELECT 1 FROM products LIMIT 1');
    if (existing.rows.length > 0) return { productsInserted: 0 };
    // The stars a product shows are its written reviews' (without reviews, a bench's large
    // catalogue keeps the ratings it was made with).
    // (The reviews are written from the ratings the products were made with, as before.)
    const made = catalogue();
    const products = options.reviews === false ? made : made.map(withRatingOfReviews);
    const rebuild = options.bulk ? await dropSecondaryIndexes(tx) : [];
    await insertCatalogue(tx, products);
    if (options.reviews !== false) await seedReviews(tx, made);
    for (const statement of rebuild) await tx.query(statement);
    return { productsInserted: products.length };
    // Seeding a large catalogue, or waiting for another process's seeding, may take a while.
  }, { unbounded: true });
}
