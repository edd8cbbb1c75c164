-- Reviews written by signed-in shoppers: one per account and product. Seeded reviews have no account.
ALTER TABLE reviews ADD COLUMN user_id text REFERENCES users (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX reviews_one_per_account_idx ON reviews (product_id, user_id) WHERE user_id IS NOT NULL;
