-- Data that stops mattering expires on a schedule (cleanup/expireData.ts): anonymous
-- shoppers with their carts and wishlists, old Idempotency-Keys, spent reset links.

-- When the shopper last wrote something. ensureShopper sets it on every cart add, wishlist add and
-- order (at most once an hour, so a busy cart does not rewrite its shopper's row and index entry
-- on every click), which also makes the sweep step back from a shopper that has just come back.
-- A quantity change or a removal does not set it; the sweep also looks at the lines' own times.
-- The sweep moves it forward on shoppers it finds it must keep (an account's, one with orders),
-- so it meets each of them once a retention period rather than on every run.
ALTER TABLE shoppers ADD COLUMN last_active_at timestamptz NOT NULL DEFAULT now();
UPDATE shoppers s SET last_active_at = GREATEST(
  s.created_at,
  (SELECT max(GREATEST(l.created_at, l.updated_at)) FROM cart_lines l WHERE l.shopper_id = s.id),
  (SELECT max(w.created_at) FROM wishlist_items w WHERE w.shopper_id = s.id)
);
-- The sweep walks the oldest first and stops at the retention's edge: a run with nothing to
-- delete reads one index entry.
CREATE INDEX shoppers_last_active_at_idx ON shoppers (last_active_at);

-- Keys older than a day are deleted oldest first; the primary key leads with the shopper.
CREATE INDEX order_idempotency_keys_created_at_idx ON order_idempotency_keys (created_at);

-- Links that have expired, and links that have been used (few: a partial index).
CREATE INDEX password_reset_tokens_expires_at_idx ON password_reset_tokens (expires_at);
CREATE INDEX password_reset_tokens_used_at_idx ON password_reset_tokens (used_at) WHERE used_at IS NOT NULL;
