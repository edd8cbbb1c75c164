-- A verified buyer is one whose money came in. Until now any order with a line for the product
-- made one, so an EFT order never paid (and left to expire) bought the mark for nothing.
--
-- The rule, in one place for the api and this migration: a review is a verified buyer's when its
-- account (users.shopper_id) has an order with a line for the product that
--   * was placed no later than the review was written: a purchase made after the review does not
--     turn it into a buyer's review;
--   * is paid: paid_at is set when an EFT payment is marked or cash is taken at the door or the
--     counter (022_order_life); an order awaiting payment, placed but not yet paid in cash, or
--     expired has none;
--   * has not been cancelled since: a cancelled paid order was refunded, and a refunded buyer
--     does not count.
-- The mark is kept with the review (it stays when the account is deleted) and re-decided when one
-- of the account's orders becomes paid or is cancelled, in the same transaction as that move.
CREATE FUNCTION review_by_paid_buyer(review_user_id text, review_product_id text, written_at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1
    FROM users u
    JOIN orders o ON o.shopper_id = u.shopper_id
    JOIN order_lines l ON l.order_id = o.id
    WHERE u.id = review_user_id
      AND l.product_id = review_product_id
      AND o.created_at <= written_at
      AND o.paid_at IS NOT NULL
      AND o.status <> 'cancelled'
  )
$$;

-- Every review written so far, by the rule above. A review whose account has been deleted can no
-- longer be tied to its orders, and the mark it was given proved no payment: it loses it. Seeded
-- reviews have no account and stay unmarked.
UPDATE reviews
SET verified_buyer = review_by_paid_buyer(user_id, product_id, created_at)
WHERE verified_buyer IS DISTINCT FROM review_by_paid_buyer(user_id, product_id, created_at);
