-- Shoppers' reviews of products. The product keeps its own rating and counts (over all ratings,
-- some given without a review); these rows are what the reviews tab lists.

CREATE TABLE reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  author_name text NOT NULL CHECK (length(btrim(author_name)) BETWEEN 1 AND 100),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title text NOT NULL DEFAULT '' CHECK (length(title) <= 200),
  body text NOT NULL CHECK (length(body) <= 5000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- A product's reviews, newest first: the one listing the api serves.
CREATE INDEX reviews_product_newest_idx ON reviews (product_id, created_at DESC, id DESC);
