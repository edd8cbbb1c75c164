import { DATABASE_TIMEOUT_MS, testDatabases } from '../testing/testDatabases';
import { databaseBefore } from '../testing/migrationBefore';

const MIGRATION = '018_review_verified_buyer.sql';

describe.each(testDatabases())(`${MIGRATION} ($name)`, (target) => {
  test('marks the reviews already written by accounts that had ordered the product by then, and no others', async () => {
    const { database, dispose, migrateRest } = await databaseBefore(target, MIGRATION);
    try {
      await database.query(
        `INSERT INTO products (id, link, name, price, sku) VALUES ('kite', 'kite', 'Kite', 10, 'K-1'), ('ball', 'ball', 'Ball', 5, 'B-1')`,
      );
      await database.query(`INSERT INTO shoppers (id) VALUES ('s-buyer'), ('s-other'), ('s-late')`);
      await database.query(
        `INSERT INTO users (id, email, email_key, password_hash, first_name, last_name, phone, shopper_id) VALUES
           ('u-buyer', 'b@example.co.za', 'b@example.co.za', 'x', 'Thandi', 'M', '+27821234567', 's-buyer'),
           ('u-other', 'o@example.co.za', 'o@example.co.za', 'x', 'Sipho', 'D', '+27821234568', 's-other'),
           ('u-late', 'l@example.co.za', 'l@example.co.za', 'x', 'Megan', 'K', '+27821234569', 's-late')`,
      );
      // The buyer ordered the kite before reviewing it; the other shopper ordered only the ball;
      // the late one reviewed the kite first and ordered it afterwards.
      const orderOf = (number: number, shopper: string, product: string, at: string) =>
        database.query(
          `WITH placed AS (
             INSERT INTO orders (id, number, shopper_id, status, first_name, last_name, email, phone, delivery_method,
                                 payment_method, subtotal_cents, delivery_cents, vat_cents, total_cents, created_at)
             VALUES (gen_random_uuid(), 'JAC-2025-' || lpad($1::text, 6, '0'), $2, 'placed', 'A', 'B', 'a@example.co.za',
                     '+27821234567', 'collect', 'cod', 1000, 0, 130, 1000, $4)
             RETURNING id
           )
           INSERT INTO order_lines (order_id, position, key, product_id, link, name, unit_price_cents, qty, line_total_cents)
           SELECT id, 0, $3, $3, $3, $3, 1000, 1, 1000 FROM placed`,
          [number, shopper, product, at],
        );
      await orderOf(1, 's-buyer', 'kite', '2025-01-01T08:00:00Z');
      await orderOf(2, 's-other', 'ball', '2025-01-01T08:00:00Z');
      await orderOf(3, 's-late', 'kite', '2025-03-01T08:00:00Z');
      await database.query(
        `INSERT INTO reviews (product_id, user_id, author_name, rating, body, created_at) VALUES
           ('kite', 'u-buyer', 'Thandi M.', 5, 'Flies well', '2025-02-01T08:00:00Z'),
           ('kite', 'u-other', 'Sipho D.', 1, 'Never had one', '2025-02-01T08:00:00Z'),
           ('kite', 'u-late', 'Megan K.', 3, 'Looks fine', '2025-02-01T08:00:00Z'),
           ('kite', NULL, 'Seeded S.', 4, 'Seeded', '2025-02-01T08:00:00Z')`,
      );

      // Only as far as this migration: 025_verified_buyer_paid decides these reviews again, by payment.
      await migrateRest(MIGRATION);

      const reviews = await database.query<{ author_name: string; verified_buyer: boolean }>(
        'SELECT author_name, verified_buyer FROM reviews ORDER BY id',
      );
      expect(reviews.rows).toEqual([
        { author_name: 'Thandi M.', verified_buyer: true },
        { author_name: 'Sipho D.', verified_buyer: false },
        { author_name: 'Megan K.', verified_buyer: false },
        { author_name: 'Seeded S.', verified_buyer: false },
      ]);
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});
