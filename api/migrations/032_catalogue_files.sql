-- A shop's own catalogue, brought in from the product CSV shops already keep (npm run catalogue).

-- Whether shoppers see the product. An unpublished product (a draft, or one that is no longer in
-- the shop's file) is in no listing, search, suggestion or facet, its page answers 404 and it
-- cannot be added to a cart; orders that hold it keep their lines, and it can be published again.
ALTER TABLE products ADD COLUMN published boolean NOT NULL DEFAULT true;

-- What the shop's file says of a product that the store does not show but writes back on export,
-- so a file read in and written out again is the same file.
ALTER TABLE products
  ADD COLUMN vendor text NOT NULL DEFAULT '' CHECK (char_length(vendor) <= 200),
  ADD COLUMN product_type text NOT NULL DEFAULT '' CHECK (char_length(product_type) <= 100),
  ADD COLUMN product_category text NOT NULL DEFAULT '' CHECK (char_length(product_category) <= 500),
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}';

-- Each colour and size a product is sold in, as the shop's file names it: its SKU (unique across
-- the shop) and its own count of stock. products.stock is their sum for a product that has them.
CREATE TABLE product_variants (
  sku text PRIMARY KEY CHECK (sku <> '' AND char_length(sku) <= 100),
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  colour text REFERENCES colours (name),
  size text REFERENCES sizes (name),
  stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  position integer NOT NULL CHECK (position >= 0),
  UNIQUE NULLS NOT DISTINCT (product_id, colour, size)
);
CREATE INDEX product_variants_product_id_idx ON product_variants (product_id, position);

-- Where each of a product's pictures comes from, as the file wrote it: an http(s) address, or a
-- path beside the file whose bytes the command line sent (`upload`, their SHA-256, in
-- picture_uploads). The api makes the store's sizes of each in the background; until a product's
-- pictures are made it shows the store's placeholder. product_pictures holds the made ones.
CREATE TABLE picture_sources (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position > 0),
  source text NOT NULL CHECK (char_length(source) <= 2048),
  upload text CHECK (upload ~ '^[0-9a-f]{64}$'),
  alt text NOT NULL DEFAULT '' CHECK (char_length(alt) <= 512),
  colour text REFERENCES colours (name),
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'ready', 'failed')),
  -- Why a picture could not be made, for the person who imported it.
  problem text,
  attempts integer NOT NULL DEFAULT 0,
  -- The made pictures' file names in picture_files, once ready.
  small_file text,
  large_file text,
  small_width integer,
  small_height integer,
  large_width integer,
  large_height integer,
  changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (product_id, position)
);
CREATE INDEX picture_sources_waiting_idx ON picture_sources (changed_at) WHERE state = 'waiting';

-- Bytes of pictures the command line sent, kept until their pictures are made.
CREATE TABLE picture_uploads (
  digest text PRIMARY KEY CHECK (digest ~ '^[0-9a-f]{64}$'),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The pictures the api made, served at /images/catalogue/<product>/<name>; a name is the digest of
-- the source's bytes and the size, so the same picture is made and kept once.
CREATE TABLE picture_files (
  name text PRIMARY KEY CHECK (name ~ '^[0-9a-f]{64}-(small|large)\.webp$'),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Search and the listings read product_search and search_postings: an unpublished product has
-- neither, so every listing, search, suggestion and facet leaves it out.
CREATE OR REPLACE FUNCTION copy_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_search s USING changed_products n WHERE s.id = n.id AND NOT n.published;
  INSERT INTO product_search AS s (id, seq, name_lower, category_ids, price, on_sale_price,
    on_sale_until, is_popular, is_new, stock, rating, ratings_count, created_at)
  SELECT n.id, n.seq, n.name_lower, n.category_ids, n.price, n.on_sale_price,
    n.on_sale_until, n.is_popular, n.is_new, n.stock, n.rating, n.ratings_count, n.created_at
  FROM changed_products n
  WHERE n.published
  ON CONFLICT (id) DO UPDATE SET
    seq = EXCLUDED.seq, name_lower = EXCLUDED.name_lower,
    category_ids = EXCLUDED.category_ids, price = EXCLUDED.price, on_sale_price = EXCLUDED.on_sale_price,
    on_sale_until = EXCLUDED.on_sale_until, is_popular = EXCLUDED.is_popular, is_new = EXCLUDED.is_new,
    stock = EXCLUDED.stock, rating = EXCLUDED.rating, ratings_count = EXCLUDED.ratings_count,
    created_at = EXCLUDED.created_at
  WHERE (s.seq, s.name_lower, s.category_ids, s.price, s.on_sale_price, s.on_sale_until,
      s.is_popular, s.is_new, s.stock, s.rating, s.ratings_count, s.created_at)
    IS DISTINCT FROM (EXCLUDED.seq, EXCLUDED.name_lower, EXCLUDED.category_ids,
      EXCLUDED.price, EXCLUDED.on_sale_price, EXCLUDED.on_sale_until, EXCLUDED.is_popular, EXCLUDED.is_new,
      EXCLUDED.stock, EXCLUDED.rating, EXCLUDED.ratings_count, EXCLUDED.created_at);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION search_postings_of(ids text[]) RETURNS TABLE (word text, field smallint, seq bigint) LANGUAGE sql STABLE AS $$
  WITH RECURSIVE chosen AS (
    SELECT p.seq, p.name, p.sku, p.description, p.colour_names, p.category_ids FROM products p WHERE p.id = ANY (ids) AND p.published
  ),
  lineage(seq, category_id) AS (
    SELECT c.seq, unnest(c.category_ids) FROM chosen c
    UNION
    SELECT l.seq, k.parent_id FROM lineage l JOIN categories k ON k.id = l.category_id WHERE k.parent_id IS NOT NULL
  ),
  found(word, field, seq) AS (
    SELECT unnest(search_words_of(c.name)), 0, c.seq FROM chosen c
    UNION ALL
    SELECT unnest(search_words_of(k.name || ' ' || k.id)), 1, l.seq FROM lineage l JOIN categories k ON k.id = l.category_id
    UNION ALL
    SELECT unnest(search_words_of(c.sku || ' ' || array_to_string(c.colour_names, ' '))), 2, c.seq FROM chosen c
    UNION ALL
    SELECT unnest(search_words_of(c.description)), 3, c.seq FROM chosen c
  )
  SELECT f.word, min(f.field)::smallint, f.seq FROM found f WHERE char_length(f.word) <= 64 GROUP BY f.word, f.seq
$$;

CREATE OR REPLACE FUNCTION products_sync_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_ids text[];
  changed_seqs bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM write_search_postings(ARRAY(SELECT id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM search_postings WHERE seq IN (SELECT seq FROM old_rows);
  ELSE
    SELECT array_agg(n.id), array_agg(o.seq) INTO changed_ids, changed_seqs
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.name, o.sku, o.description, o.colour_names, o.category_ids, o.seq, o.published)
      IS DISTINCT FROM (n.name, n.sku, n.description, n.colour_names, n.category_ids, n.seq, n.published);
    IF changed_ids IS NOT NULL THEN
      DELETE FROM search_postings WHERE seq = ANY (changed_seqs);
      PERFORM write_search_postings(changed_ids);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
