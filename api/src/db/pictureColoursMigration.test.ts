import { DATABASE_TIMEOUT_MS, testDatabases } from '../testing/testDatabases';
import { databaseBefore } from '../testing/migrationBefore';

const MIGRATION = '021_picture_colours.sql';

describe.each(testDatabases())(`${MIGRATION} ($name)`, (target) => {
  test("gives each stored picture the colour it shows: the product's colours in turn, none for a product in one colour", async () => {
    const { database, dispose, migrateRest } = await databaseBefore(target, MIGRATION);
    try {
      await database.query(
        `INSERT INTO products (id, link, name, price, sku, has_variants) VALUES ('tee', 'tee', 'Tee', 10, 'T-1', true), ('mug', 'mug', 'Mug', 5, 'M-1', false)`,
      );
      const [first, second] = ['teal', 'mustard'];
      await database.query(`INSERT INTO colours (name, code) VALUES ($1, '#0f766e'), ($2, '#ca8a04') ON CONFLICT DO NOTHING`, [first, second]);
      await database.query(`INSERT INTO product_colours (product_id, colour, position) VALUES ('tee', $1, 0), ('tee', $2, 1)`, [first, second]);
      for (const [product, position] of [['tee', 1], ['tee', 2], ['tee', 3], ['mug', 1]] as const) {
        await database.query(`INSERT INTO product_pictures (product_id, kind, position, url, width, height) VALUES ($1, 'large', $2, $3, 800, 800)`, [
          product,
          position,
          `products/${product}/${position}.svg`,
        ]);
      }
      await migrateRest();
      const rows = await database.query<{ url: string; colour: string | null }>('SELECT url, colour FROM product_pictures ORDER BY url');
      expect(rows.rows).toEqual([
        { url: 'products/mug/1.svg', colour: null },
        { url: 'products/tee/1.svg', colour: first },
        { url: 'products/tee/2.svg', colour: second },
        { url: 'products/tee/3.svg', colour: first },
      ]);
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});
