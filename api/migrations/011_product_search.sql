-- A narrow copy of products for the reads that look at many products at once: search, suggest,
-- the listing's filters and its total, the facets. A common word matches one product in ten at
-- 10^5 products, and every match is read to rank and count it; on products each match drags in
-- its description (and the description again inside search_document), so those reads touched
-- nearly twice the pages they needed (72 MB of rows at 10^5 products against 39 MB here). Here a
-- row holds only what those reads filter, rank and sort by. The page itself (24 products) is
-- still read from products by id.

-- Derived from products and kept right by the triggers below: nothing else writes it.
CREATE TABLE product_search (
  id text PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE,
  seq bigint NOT NULL,
  name_lower text NOT NULL,
  search_document text NOT NULL,
  category_ids text[] NOT NULL,
  price numeric(12, 2) NOT NULL,
  on_sale_price numeric(12, 2),
  on_sale_until timestamptz,
  is_popular boolean NOT NULL,
  is_new boolean NOT NULL,
  stock integer NOT NULL,
  rating numeric(3, 2) NOT NULL,
  ratings_count integer NOT NULL,
  created_at timestamptz NOT NULL
);

-- Copies the rows a statement on products inserted or updated (a product's categories reach it
-- through products.category_ids, which product_categories' triggers keep: migration 009). A row
-- whose copy is already the same is left alone, so an update of, say, the description writes
-- nothing here. Deletes cascade through the foreign key.
CREATE FUNCTION copy_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search AS s (id, seq, name_lower, search_document, category_ids, price, on_sale_price,
    on_sale_until, is_popular, is_new, stock, rating, ratings_count, created_at)
  SELECT n.id, n.seq, n.name_lower, n.search_document, n.category_ids, n.price, n.on_sale_price,
    n.on_sale_until, n.is_popular, n.is_new, n.stock, n.rating, n.ratings_count, n.created_at
  FROM changed_products n
  ON CONFLICT (id) DO UPDATE SET
    seq = EXCLUDED.seq, name_lower = EXCLUDED.name_lower, search_document = EXCLUDED.search_document,
    category_ids = EXCLUDED.category_ids, price = EXCLUDED.price, on_sale_price = EXCLUDED.on_sale_price,
    on_sale_until = EXCLUDED.on_sale_until, is_popular = EXCLUDED.is_popular, is_new = EXCLUDED.is_new,
    stock = EXCLUDED.stock, rating = EXCLUDED.rating, ratings_count = EXCLUDED.ratings_count,
    created_at = EXCLUDED.created_at
  WHERE (s.seq, s.name_lower, s.search_document, s.category_ids, s.price, s.on_sale_price, s.on_sale_until,
      s.is_popular, s.is_new, s.stock, s.rating, s.ratings_count, s.created_at)
    IS DISTINCT FROM (EXCLUDED.seq, EXCLUDED.name_lower, EXCLUDED.search_document, EXCLUDED.category_ids,
      EXCLUDED.price, EXCLUDED.on_sale_price, EXCLUDED.on_sale_until, EXCLUDED.is_popular, EXCLUDED.is_new,
      EXCLUDED.stock, EXCLUDED.rating, EXCLUDED.ratings_count, EXCLUDED.created_at);
  RETURN NULL;
END
$$;

-- Statement triggers, as for search_words (002): seeding 10^5 products stays one pass per chunk.
CREATE TRIGGER products_search_after_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION copy_product_search();
CREATE TRIGGER products_search_after_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION copy_product_search();

INSERT INTO product_search (id, seq, name_lower, search_document, category_ids, price, on_sale_price,
  on_sale_until, is_popular, is_new, stock, rating, ratings_count, created_at)
SELECT id, seq, name_lower, search_document, category_ids, price, on_sale_price,
  on_sale_until, is_popular, is_new, stock, rating, ratings_count, created_at
FROM products;

-- What search and the category filter look up, moved from products (002, 009): nothing reads
-- them there any more, and each was one more index to write for every product inserted.
CREATE INDEX product_search_document_trgm_idx ON product_search USING gin (search_document public.gin_trgm_ops);
CREATE INDEX product_search_category_ids_idx ON product_search USING gin (category_ids);
DROP INDEX products_search_document_trgm_idx;
DROP INDEX products_category_ids_idx;

-- The listing's sorts, as on products (002), each ending in seq so pages never overlap.
CREATE UNIQUE INDEX product_search_seq_idx ON product_search (seq);
CREATE INDEX product_search_popularity_idx ON product_search (is_popular DESC, ratings_count DESC, seq);
CREATE INDEX product_search_rating_idx ON product_search (rating DESC, ratings_count DESC, seq);
CREATE INDEX product_search_newest_idx ON product_search (is_new DESC, created_at DESC, seq DESC);
