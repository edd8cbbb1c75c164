import { DATABASE_TIMEOUT_MS, testDatabases } from '../testing/testDatabases';
import { databaseBefore } from '../testing/migrationBefore';

const MIGRATION = '020_ratings_agree_with_reviews.sql';

describe.each(testDatabases())(`${MIGRATION} ($name)`, (target) => {
  test("sets each product's stars and counts to its written reviews', and stars without reviews to none", async () => {
    const { database, dispose, migrateRest } = await databaseBefore(target, MIGRATION);
    try {
      await database.query(
        `INSERT INTO products (id, link, name, price, sku, rating, ratings_count, reviews_count) VALUES
           ('kite', 'kite', 'Kite', 10, 'K-1', 4.1, 30, 0),
           ('ball', 'ball', 'Ball', 5, 'B-1', 2.5, 12, 2),
           ('cap', 'cap', 'Cap', 5, 'C-1', 0, 0, 0)`,
      );
      await database.query(
        `INSERT INTO reviews (product_id, author_name, rating, body) VALUES ('ball', 'Thandi M.', 5, 'Bounces'), ('ball', 'Sipho D.', 4, 'Good')`,
      );
      await migrateRest();
      const rows = await database.query<{ id: string; rating: string; ratings_count: number; reviews_count: number }>(
        'SELECT id, rating::text AS rating, ratings_count, reviews_count FROM products ORDER BY id',
      );
      expect(rows.rows).toEqual([
        { id: 'ball', rating: '4.50', ratings_count: 2, reviews_count: 2 },
        { id: 'cap', rating: '0.00', ratings_count: 0, reviews_count: 0 },
        { id: 'kite', rating: '0.00', ratings_count: 0, reviews_count: 0 },
      ]);
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});
