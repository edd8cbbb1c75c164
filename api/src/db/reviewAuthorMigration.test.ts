import { DATABASE_TIMEOUT_MS, testDatabases } from '../testing/testDatabases';
import { databaseBefore } from '../testing/migrationBefore';

const MIGRATION = '014_review_author_direction.sql';

describe.each(testDatabases())(`${MIGRATION} ($name)`, (target) => {
  test('takes direction controls out of the review authors saved before they were refused', async () => {
    const { database, dispose, migrateRest } = await databaseBefore(target, MIGRATION);
    try {
      await database.query(
        `INSERT INTO products (id, link, name, price, sku) VALUES ('p1', 'p1', 'Kite', 10, 'K-1')`,
      );
      await database.query(
        `INSERT INTO reviews (product_id, author_name, rating, body) VALUES
           ('p1', $1, 5, 'Great'), ('p1', $2, 4, 'Good'), ('p1', $3, 3, 'Fine')`,
        ['Thandi \u202Eilednah\u202C M.', '\u2067\u2069', 'Zoë N.'],
      );

      await migrateRest();

      const authors = await database.query<{ author_name: string }>('SELECT author_name FROM reviews ORDER BY id');
      expect(authors.rows.map((row) => row.author_name)).toEqual(['Thandi ilednah M.', 'A shopper', 'Zoë N.']);
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});
