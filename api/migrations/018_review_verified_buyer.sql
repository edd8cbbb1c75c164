-- Reviews from shoppers who bought the product are marked, so a handful of throwaway accounts
-- cannot pass for customers. A review is a verified buyer's when, as it is written, its account
-- (users.shopper_id) has an order with a line for the product. It is stored, not worked out on
-- each read: it stays when the account is deleted later (user_id is then set to null), and a
-- purchase made after the review does not change what the review was written from.
ALTER TABLE reviews ADD COLUMN verified_buyer boolean NOT NULL DEFAULT false;

-- Reviews written before this migration, by the same rule as at write time: only orders placed
-- before the review count. Seeded reviews have no account, and stay unverified.
UPDATE reviews r
SET verified_buyer = true
WHERE r.user_id IS NOT NULL
  AND EXISTS (
    SELECT 1
    FROM users u
    JOIN orders o ON o.shopper_id = u.shopper_id
    JOIN order_lines l ON l.order_id = o.id
    WHERE u.id = r.user_id AND l.product_id = r.product_id AND o.created_at <= r.created_at
  );
