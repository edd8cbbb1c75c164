import { DATABASE_TIMEOUT_MS, testDatabases } from '../testing/testDatabases';
import { databaseBefore } from '../testing/migrationBefore';

const MIGRATION = '024_small_pictures_webp.sql';

describe.each(testDatabases())(`${MIGRATION} ($name)`, (target) => {
  test('gives every small picture its WebP address and leaves the large ones SVG', async () => {
    const { database, dispose, migrateRest } = await databaseBefore(target, MIGRATION);
    try {
      await database.query(`INSERT INTO products (id, link, name, price, sku, has_variants) VALUES ('tee', 'tee', 'Tee', 10, 'T-1', false)`);
      for (const [kind, position, url, size] of [
        ['small', 1, 'products/tee/1-small.svg', 400],
        ['small', 2, 'products/tee/2-small.svg', 400],
        ['large', 1, 'products/tee/1.svg', 800],
      ] as const) {
        await database.query(`INSERT INTO product_pictures (product_id, kind, position, url, width, height) VALUES ('tee', $1, $2, $3, $4, $4)`, [kind, position, url, size]);
      }
      await migrateRest();
      const rows = await database.query<{ kind: string; url: string }>('SELECT kind, url FROM product_pictures ORDER BY kind, position');
      expect(rows.rows).toEqual([
        { kind: 'large', url: 'products/tee/1.svg' },
        { kind: 'small', url: 'products/tee/1-small.webp' },
        { kind: 'small', url: 'products/tee/2-small.webp' },
      ]);
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});
