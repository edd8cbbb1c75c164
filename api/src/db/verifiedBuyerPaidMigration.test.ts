import { DATABASE_TIMEOUT_MS, testDatabases } from '../testing/testDatabases';
import { databaseBefore } from '../testing/migrationBefore';

const MIGRATION = '025_verified_buyer_paid.sql';

describe.each(testDatabases())(`${MIGRATION} ($name)`, (target) => {
  test('decides every review again by payment: paid and not refunded, placed before the review', async () => {
    const { database, dispose, migrateRest } = await databaseBefore(target, MIGRATION);
    try {
      await database.query(`INSERT INTO products (id, link, name, price, sku) VALUES ('kite', 'kite', 'Kite', 10, 'K-1'), ('ball', 'ball', 'Ball', 5, 'B-1')`);
      // Each shopper's story with the kite, reviewed on 1 February (the reviewer's name says it).
      const stories = [
        ['unpaid', 'awaiting_payment', 'eft', null, '2025-01-01'],
        ['expired', 'expired', 'eft', null, '2025-01-01'],
        ['paid', 'paid', 'eft', '2025-01-02', '2025-01-01'],
        ['paid-later', 'shipped', 'eft', '2025-03-01', '2025-01-01'],
        ['cash-collected', 'collected', 'cod', '2025-01-05', '2025-01-01'],
        ['cash-not-yet', 'ready_for_collection', 'cod', null, '2025-01-01'],
        ['refunded', 'cancelled', 'eft', '2025-01-02', '2025-01-01'],
        ['bought-after', 'delivered', 'eft', '2025-03-02', '2025-03-01'],
      ] as const;
      for (const [index, [who, status, payment, paidAt, placedAt]] of stories.entries()) {
        await database.query(`INSERT INTO shoppers (id) VALUES ($1)`, [`s-${who}`]);
        await database.query(
          `INSERT INTO users (id, email, email_key, password_hash, first_name, last_name, phone, shopper_id)
           VALUES ($1, $2, $2, 'x', $3, 'M', '+27821234567', $4)`,
          [`u-${who}`, `${who}@example.co.za`, who, `s-${who}`],
        );
        await database.query(
          `WITH placed AS (
             INSERT INTO orders (id, number, shopper_id, status, first_name, last_name, email, phone, delivery_method,
                                 payment_method, subtotal_cents, delivery_cents, vat_cents, total_cents, created_at, paid_at)
             VALUES (gen_random_uuid(), 'JAC-2025-' || lpad($1::text, 6, '0'), $2, $3, 'A', 'B', 'a@example.co.za',
                     '+27821234567', 'collect', $4, 1000, 0, 130, 1000, $5, $6)
             RETURNING id
           )
           INSERT INTO order_lines (order_id, position, key, product_id, link, name, unit_price_cents, qty, line_total_cents)
           SELECT id, 0, 'kite', 'kite', 'kite', 'Kite', 1000, 1, 1000 FROM placed`,
          [index + 1, `s-${who}`, status, payment, placedAt, paidAt],
        );
        // Under the old rule any order placed before the review marked it.
        await database.query(
          `INSERT INTO reviews (product_id, user_id, author_name, rating, body, created_at, verified_buyer)
           VALUES ('kite', $1, $2, 4, 'Kite review', '2025-02-01', $3)`,
          [`u-${who}`, who, placedAt < '2025-02-01'],
        );
      }
      // A paid buyer of the ball only; an account since deleted; a seeded review.
      await database.query(`INSERT INTO shoppers (id) VALUES ('s-ball')`);
      await database.query(
        `INSERT INTO users (id, email, email_key, password_hash, first_name, last_name, phone, shopper_id)
         VALUES ('u-ball', 'ball@example.co.za', 'ball@example.co.za', 'x', 'ball', 'M', '+27821234567', 's-ball')`,
      );
      await database.query(
        `WITH placed AS (
           INSERT INTO orders (id, number, shopper_id, status, first_name, last_name, email, phone, delivery_method,
                               payment_method, subtotal_cents, delivery_cents, vat_cents, total_cents, created_at, paid_at)
           VALUES (gen_random_uuid(), 'JAC-2025-000100', 's-ball', 'paid', 'A', 'B', 'a@example.co.za',
                   '+27821234567', 'collect', 'eft', 500, 0, 65, 500, '2025-01-01', '2025-01-02')
           RETURNING id
         )
         INSERT INTO order_lines (order_id, position, key, product_id, link, name, unit_price_cents, qty, line_total_cents)
         SELECT id, 0, 'ball', 'ball', 'ball', 'Ball', 500, 1, 500 FROM placed`,
      );
      await database.query(
        `INSERT INTO reviews (product_id, user_id, author_name, rating, body, created_at, verified_buyer) VALUES
           ('kite', 'u-ball', 'ball', 2, 'Only bought the ball', '2025-02-01', false),
           ('kite', NULL, 'deleted', 5, 'Account gone', '2025-02-01', true),
           ('kite', NULL, 'seeded', 3, 'Seeded', '2025-02-01', false)`,
      );

      await migrateRest();

      const reviews = await database.query<{ author_name: string; verified_buyer: boolean }>('SELECT author_name, verified_buyer FROM reviews ORDER BY id');
      expect(Object.fromEntries(reviews.rows.map((row) => [row.author_name, row.verified_buyer]))).toEqual({
        unpaid: false,
        expired: false,
        paid: true,
        // Placed before the review and paid after it: the payment marks it.
        'paid-later': true,
        'cash-collected': true,
        'cash-not-yet': false,
        refunded: false,
        'bought-after': false,
        ball: false,
        deleted: false,
        seeded: false,
      });
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});
