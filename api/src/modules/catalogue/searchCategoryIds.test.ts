import type { Product } from '@storefront/shared/types';
import { migrate, readMigrations } from '../../db/migrate';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

const inCategory = (product: Product, category: string) => product.categories.some((item) => item.id === category);
const text = (product: Product) => `${product.name} ${product.sku} ${product.description}`;

/**
 * A search word naming a category matches through products.category_ids (migration 009), a copy
 * of product_categories: these check the copy follows every kind of change to the original.
 */
describe.each(testDatabases())('search by a category name follows product_categories ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function found(word: string): Promise<string[]> {
    const response = await ctx.app.inject({ url: `/products?search=${word}&limit=100` });
    expect(response.statusCode).toBe(200);
    return response.json<Product[]>().map((product) => product.id);
  }

  test('the seeded copy matches product_categories for every product', async () => {
    const stale = await ctx.database.query<{ id: string }>(
      `SELECT p.id FROM products p
       WHERE NOT (p.category_ids @> ARRAY(SELECT category_id FROM product_categories pc WHERE pc.product_id = p.id)
         AND p.category_ids <@ ARRAY(SELECT category_id FROM product_categories pc WHERE pc.product_id = p.id))`,
    );
    expect(stale.rows).toEqual([]);
  });

  test('a product put into a category, moved to another, then taken out is found by the name of each in turn', async () => {
    const catalogue = await fetchCatalogue(ctx.app);
    const outsider = pickProduct(
      catalogue,
      (product) => !inCategory(product, 'watches') && !inCategory(product, 'toys') && !/watch|toy/i.test(text(product)),
      'product outside watches and toys that never mentions them',
    );
    expect(await found('watches')).not.toContain(outsider.id);

    await ctx.database.query(`INSERT INTO product_categories (product_id, category_id, position) VALUES ($1, 'watches', 9)`, [outsider.id]);
    expect(await found('watches')).toContain(outsider.id);

    await ctx.database.query(`UPDATE product_categories SET category_id = 'toys' WHERE product_id = $1 AND category_id = 'watches'`, [outsider.id]);
    expect(await found('watches')).not.toContain(outsider.id);
    expect(await found('toys')).toContain(outsider.id);

    await ctx.database.query(`DELETE FROM product_categories WHERE product_id = $1 AND category_id = 'toys'`, [outsider.id]);
    expect(await found('toys')).not.toContain(outsider.id);
    // Its other categories are still there and still searchable.
    const [kept] = outsider.categories;
    if (kept) expect(await found(kept.id)).toContain(outsider.id);
  });
});

describe.each(testDatabases())('migration 009 on a database with products ($name)', (target) => {
  test('fills category_ids from the product_categories already there', async () => {
    const { database, dispose } = await target.open();
    try {
      const migrations = await readMigrations();
      const upTo = migrations.findIndex((migration) => migration.name.startsWith('009_'));
      expect(upTo).toBeGreaterThan(0);
      await migrate(database, migrations.slice(0, upTo));
      await database.exec(`
        INSERT INTO categories (id, name, parent_id, position) VALUES ('fashion', 'Fashion', NULL, 0), ('trousers', 'Trousers', 'fashion', 1);
        INSERT INTO products (id, link, name, sku, price) VALUES
          ('p1', 'p1', 'Linen Chinos', 'LC-1', 10), ('p2', 'p2', 'Plain Mug', 'PM-1', 5);
        INSERT INTO product_categories (product_id, category_id, position) VALUES ('p1', 'trousers', 0), ('p1', 'fashion', 1);
      `);
      expect(await migrate(database)).toEqual(migrations.slice(upTo).map((migration) => migration.name));
      const rows = await database.query<{ id: string; category_ids: string[] }>('SELECT id, category_ids FROM products ORDER BY id');
      expect(rows.rows.map((row) => ({ id: row.id, category_ids: [...row.category_ids].sort() }))).toEqual([
        { id: 'p1', category_ids: ['fashion', 'trousers'] },
        { id: 'p2', category_ids: [] },
      ]);
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});
