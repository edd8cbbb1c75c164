import type { Product } from '@storefront/shared/types';
import { migrate, readMigrations } from '../../db/migrate';
import { fetchCatalogue, pickProduct } from '../../testing/catalogue';
import { DATABASE_TIMEOUT_MS, startTestApp, testDatabases, type TestApp } from '../../testing/testDatabases';

/** Every column product_search copies, read the same way from either table. */
const COPIED = `id, seq, name_lower, category_ids, price::text, on_sale_price::text, on_sale_until,
  is_popular, is_new, stock, rating::text, ratings_count, created_at`;

/** Rows of product_search that differ from products, and products missing from it (or the reverse). */
const DRIFT = `(SELECT ${COPIED} FROM products EXCEPT ALL SELECT ${COPIED} FROM product_search)
  UNION ALL
  (SELECT ${COPIED} FROM product_search EXCEPT ALL SELECT ${COPIED} FROM products)`;

/**
 * Search, suggest, the listing's filters and the facets choose products on product_search
 * (migration 011), a narrow copy of products: these check the copy follows every kind of change
 * to products, so none of them ever shows a stale product.
 */
describe.each(testDatabases())('product_search follows products ($name)', (target) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await startTestApp(target);
  }, DATABASE_TIMEOUT_MS);
  afterAll(() => ctx.close(), DATABASE_TIMEOUT_MS);

  async function drift(): Promise<unknown[]> {
    return (await ctx.database.query(DRIFT)).rows;
  }

  async function listed(query: string): Promise<{ ids: string[]; total: number }> {
    const response = await ctx.app.inject({ url: `/products?${query}&limit=100` });
    expect(response.statusCode).toBe(200);
    return { ids: response.json<Product[]>().map((product) => product.id), total: Number(response.headers['x-total-count']) };
  }

  test('the seeded copy is products, row for row', async () => {
    expect(await drift()).toEqual([]);
    const counts = await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM product_search');
    expect(counts.rows[0]?.n).toBeGreaterThan(0);
  });

  test('a product inserted, renamed, repriced, restocked, recategorised and deleted is searched and filtered as it is each time', async () => {
    await ctx.database.query(
      `INSERT INTO products (id, link, name, sku, description, price, stock)
       VALUES ('zq1', 'zq1', 'Quokkaglow Lantern', 'ZQ-000001', 'A lantern', 400, 3)`,
    );
    expect(await drift()).toEqual([]);
    expect((await listed('search=quokkaglow')).ids).toEqual(['zq1']);
    expect((await listed('search=quokkaglow&min_price=350&max_price=450')).ids).toEqual(['zq1']);

    await ctx.database.query(`UPDATE products SET name = 'Wombatshine Lantern' WHERE id = 'zq1'`);
    expect(await drift()).toEqual([]);
    expect((await listed('search=quokkaglow')).ids).toEqual([]);
    expect((await listed('search=wombatshine')).ids).toEqual(['zq1']);
    const suggested = await ctx.app.inject({ url: '/search/suggest?q=wombatshine' });
    expect(suggested.json<{ products: { id: string }[] }>().products.map((product) => product.id)).toEqual(['zq1']);

    await ctx.database.query(`UPDATE products SET price = 900, on_sale_price = 300, stock = 0 WHERE id = 'zq1'`);
    expect(await drift()).toEqual([]);
    expect((await listed('search=wombatshine&min_price=350')).ids).toEqual([]);
    expect((await listed('search=wombatshine&max_price=300')).ids).toEqual(['zq1']);
    expect((await listed('search=wombatshine&in_stock=true')).ids).toEqual([]);
    expect((await listed('search=wombatshine&on_sale=true')).ids).toEqual(['zq1']);

    const inWatches = await listed('category=watches');
    expect(inWatches.ids).not.toContain('zq1');
    await ctx.database.query(`INSERT INTO product_categories (product_id, category_id, position) VALUES ('zq1', 'watches', 0)`);
    expect(await drift()).toEqual([]);
    const withIt = await listed('category=watches&sort=price_asc');
    expect(withIt.ids).toContain('zq1');
    expect(withIt.total).toBe(inWatches.total + 1);
    // Its parent category's listing takes it in too.
    expect((await listed('category=accessories&max_price=300')).ids).toContain('zq1');

    await ctx.database.query(`DELETE FROM product_categories WHERE product_id = 'zq1'`);
    expect(await drift()).toEqual([]);
    expect((await listed('category=watches')).total).toBe(inWatches.total);

    await ctx.database.query(`DELETE FROM products WHERE id = 'zq1'`);
    expect(await drift()).toEqual([]);
    expect((await listed('search=wombatshine')).ids).toEqual([]);
  });

  test("a seeded product's rating and stock changes reach the listing's filters and sorts", async () => {
    const catalogue = await fetchCatalogue(ctx.app);
    const product = pickProduct(catalogue, (item) => item.stock > 0 && !item.is_new, 'product in stock and not new');
    await ctx.database.query(`UPDATE products SET stock = 0, is_new = true, rating = 5, ratings_count = 100000 WHERE id = $1`, [product.id]);
    expect(await drift()).toEqual([]);
    expect((await listed('in_stock=true')).ids).not.toContain(product.id);
    expect((await listed('is_new=true')).ids).toContain(product.id);
    expect((await listed('sort=rating')).ids[0]).toBe(product.id);
  });
});

describe.each(testDatabases())('migration 011 on a database with products ($name)', (target) => {
  test('copies the products already there', async () => {
    const { database, dispose } = await target.open();
    try {
      const migrations = await readMigrations();
      const upTo = migrations.findIndex((migration) => migration.name.startsWith('011_'));
      expect(upTo).toBeGreaterThan(0);
      await migrate(database, migrations.slice(0, upTo));
      await database.exec(`
        INSERT INTO categories (id, name, parent_id, position) VALUES ('fashion', 'Fashion', NULL, 0);
        INSERT INTO products (id, link, name, sku, price, on_sale_price) VALUES
          ('p1', 'p1', 'Linen Chinos', 'LC-1', 10, 8), ('p2', 'p2', 'Plain Mug', 'PM-1', 5, NULL);
        INSERT INTO product_categories (product_id, category_id, position) VALUES ('p1', 'fashion', 0);
      `);
      await migrate(database);
      const rows = await database.query<{ id: string; category_ids: string[]; on_sale_price: string | null }>(
        'SELECT id, category_ids, on_sale_price::text FROM product_search ORDER BY id',
      );
      expect(rows.rows).toEqual([
        { id: 'p1', category_ids: ['fashion'], on_sale_price: '8.00' },
        { id: 'p2', category_ids: [], on_sale_price: null },
      ]);
      expect((await database.query(DRIFT)).rows).toEqual([]);
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});
