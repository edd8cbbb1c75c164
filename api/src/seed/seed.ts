import { CATEGORIES, COLOURS, SIZES } from '@storefront/shared/domain';
import type { Database, Queryable } from '../db/database';
import { buildSeedCatalogue, type SeedProduct } from './buildCatalogue';
import { insertCatalogue } from './insertCatalogue';
import { seedReviews } from './seedReviews';

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

/**
 * Fills an empty shop at start-up. Runs in one transaction; on PostgreSQL an advisory lock
 * makes a second process starting at the same moment wait and then find the products there.
 */
export async function seedDatabase(
  database: Database,
  catalogue: () => readonly SeedProduct[] = buildSeedCatalogue,
): Promise<SeedResult> {
  return database.transaction(async (tx) => {
    if (database.kind === 'postgres') {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('storefront:seed:' || current_schema()))`);
    }
    await upsertReferenceData(tx);
    const existing = await tx.query('SELECT 1 FROM products LIMIT 1');
    if (existing.rows.length > 0) return { productsInserted: 0 };
    const products = catalogue();
    await insertCatalogue(tx, products);
    await seedReviews(tx, products);
    return { productsInserted: products.length };
  });
}
