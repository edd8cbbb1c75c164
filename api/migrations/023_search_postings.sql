-- Search that matches words from their start and forgives typos, answered by the database alone
-- (docs/search.md). Every product's words, each with the field it was found in, as one row per word and
-- product: an inverted index ("postings"), the structure search engines are built on. A word
-- matches the products that hold it, read in order from a btree without touching the products;
-- the search_document LIKE '%word%' of migration 002 matched inside words ("hat" in "that") and
-- read and rechecked every match.

-- A mistyped word is measured (Damerau: a swap of neighbours is one typo) against the lexicon
-- below, which the api reads and keeps until the catalogue changes (searchTerms.ts): measured here
-- with fuzzystrmatch's levenshtein_less_equal, it was most of a search's time on PGlite.

-- The one definition of a word, for the catalogue and the shopper's search alike: lower case, runs
-- of letters and digits ("T-Shirt" is "t" and "shirt"; "TEE-000123" is "tee" and "000123").
CREATE FUNCTION search_tokens(input text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT COALESCE(array_agg(t.token ORDER BY t.ord), '{}')
  FROM regexp_split_to_table(lower(input), '[^[:alnum:]]+') WITH ORDINALITY AS t(token, ord)
  WHERE t.token <> ''
$$;

-- A product's words: its tokens, and each run of them written together ("USB-C", "T-Shirt",
-- "TEE-000123") once more as one word ("usbc", "tshirt", "tee000123"), as search engines join
-- words: a search for "usb-c" is then one word, and "tshirt" finds the T-shirts.
CREATE FUNCTION search_words_of(input text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_tokens(input) || ARRAY(
    SELECT array_to_string(search_tokens(joined[1]), '')
    FROM regexp_matches(input, '[[:alnum:]]+(?:[^[:alnum:][:space:]]+[[:alnum:]]+)+', 'g') AS joined
  )
$$;

-- A product's colours on the product itself, as category_ids (migration 009), so a change of
-- colours is a change of the product its postings follow. Kept by product_colours' triggers below;
-- the seed sets the same value when inserting.
ALTER TABLE products ADD COLUMN colour_names text[] NOT NULL DEFAULT '{}';

UPDATE products p
SET colour_names = linked.names
FROM (SELECT product_id, array_agg(colour ORDER BY colour) AS names FROM product_colours GROUP BY product_id) linked
WHERE linked.product_id = p.id;

CREATE FUNCTION refresh_product_colour_names(touched text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p
  SET colour_names = fresh.names
  FROM (
    SELECT t.id, COALESCE(
      (SELECT array_agg(pc.colour ORDER BY pc.colour) FROM product_colours pc WHERE pc.product_id = t.id),
      '{}'::text[]
    ) AS names
    FROM unnest(touched) AS t(id)
  ) fresh
  WHERE p.id = fresh.id AND p.colour_names IS DISTINCT FROM fresh.names;
$$;

CREATE FUNCTION product_colours_sync_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE products SET colour_names = '{}' WHERE colour_names <> '{}';
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_colour_names(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_product_colour_names(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM refresh_product_colour_names(ARRAY(SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER product_colours_names_insert AFTER INSERT ON product_colours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_colours_sync_names();
CREATE TRIGGER product_colours_names_update AFTER UPDATE ON product_colours
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_colours_sync_names();
CREATE TRIGGER product_colours_names_delete AFTER DELETE ON product_colours
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_colours_sync_names();
CREATE TRIGGER product_colours_names_truncate AFTER TRUNCATE ON product_colours
  FOR EACH STATEMENT EXECUTE FUNCTION product_colours_sync_names();

-- One row per word and product, with the best field the word is in: 0 name, 1 a category's name
-- (the product's categories and those above them, so "fashion" finds everything under Fashion),
-- 2 a colour or the SKU, 3 the description. Derived from products and categories by the triggers
-- below; nothing else writes it.
CREATE TABLE search_postings (
  word text NOT NULL,
  field smallint NOT NULL CHECK (field BETWEEN 0 AND 3),
  seq bigint NOT NULL
);
-- A word's products in rank order (best field, then catalogue order), read without the table.
CREATE INDEX search_postings_word_idx ON search_postings (word, field, seq);
-- A product's own words: a changed or deleted product's rows, and whether a product already
-- found by a search's rarest word holds its other words.
CREATE INDEX search_postings_seq_idx ON search_postings (seq, word, field);

-- The catalogue's words, each once: where a mistyped word finds the words it may have meant, and
-- the last word typed the words it begins. Only ever added to; a word no product holds any more
-- matches nothing (the search checks the postings).
DROP TRIGGER products_words_after_insert ON products;
DROP TRIGGER products_words_after_update ON products;
DROP FUNCTION collect_search_words();
DROP TABLE search_words;
CREATE TABLE search_words (
  word text PRIMARY KEY
);
-- Beginnings: a range on the words in byte order.
CREATE INDEX search_words_prefix_idx ON search_words ((word COLLATE "C"));
-- Typos are looked for among the words of letters, which the api reads whole (not the SKUs' numbers).
CREATE INDEX search_words_letters_idx ON search_words (word) WHERE word ~ '^[[:alpha:]]+$';

CREATE FUNCTION search_postings_of(ids text[]) RETURNS TABLE (word text, field smallint, seq bigint) LANGUAGE sql STABLE AS $$
  WITH RECURSIVE chosen AS (
    SELECT p.seq, p.name, p.sku, p.description, p.colour_names, p.category_ids FROM products p WHERE p.id = ANY (ids)
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

-- Writes the postings (and new words) of these products, whose old rows are already gone.
CREATE FUNCTION write_search_postings(ids text[]) RETURNS void LANGUAGE sql AS $$
  WITH derived AS (SELECT * FROM search_postings_of(ids)),
  written AS (INSERT INTO search_postings (word, field, seq) SELECT word, field, seq FROM derived)
  INSERT INTO search_words (word) SELECT DISTINCT word FROM derived ON CONFLICT (word) DO NOTHING;
$$;

-- Statement triggers with transition tables, as elsewhere: seeding 10^5 products is one pass per
-- chunk. An update rewrites only the products whose searched text, colours or categories changed;
-- a change of stock or rating (most updates) writes nothing here.
CREATE FUNCTION products_sync_postings() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WHERE (o.name, o.sku, o.description, o.colour_names, o.category_ids, o.seq)
      IS DISTINCT FROM (n.name, n.sku, n.description, n.colour_names, n.category_ids, n.seq);
    IF changed_ids IS NOT NULL THEN
      DELETE FROM search_postings WHERE seq = ANY (changed_seqs);
      PERFORM write_search_postings(changed_ids);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER products_postings_after_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_sync_postings();
CREATE TRIGGER products_postings_after_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_sync_postings();
CREATE TRIGGER products_postings_after_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_sync_postings();

-- A category renamed or moved changes the words of every product in it and under it.
CREATE FUNCTION categories_sync_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected text[];
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.name, o.parent_id) IS DISTINCT FROM (n.name, n.parent_id)
  ) THEN
    RETURN NULL;
  END IF;
  affected := ARRAY(
    WITH RECURSIVE below(id) AS (
      SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.name, o.parent_id) IS DISTINCT FROM (n.name, n.parent_id)
      UNION
      SELECT c.id FROM categories c JOIN below ON c.parent_id = below.id
    )
    SELECT p.id FROM products p WHERE p.category_ids && ARRAY(SELECT id FROM below)
  );
  DELETE FROM search_postings WHERE seq IN (SELECT seq FROM products WHERE id = ANY (affected));
  PERFORM write_search_postings(affected);
  RETURN NULL;
END
$$;

CREATE TRIGGER categories_postings_after_update AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION categories_sync_postings();

SELECT write_search_postings(ARRAY(SELECT id FROM products));

-- The exact name typed ranks its product first: found by the name itself.
CREATE INDEX product_search_name_lower_idx ON product_search (name_lower);

-- Nothing reads the whole-text search any more: product_search's copy (and its trigram index,
-- the largest index of the catalogue) and the generated column on products go.
CREATE OR REPLACE FUNCTION copy_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_search AS s (id, seq, name_lower, category_ids, price, on_sale_price,
    on_sale_until, is_popular, is_new, stock, rating, ratings_count, created_at)
  SELECT n.id, n.seq, n.name_lower, n.category_ids, n.price, n.on_sale_price,
    n.on_sale_until, n.is_popular, n.is_new, n.stock, n.rating, n.ratings_count, n.created_at
  FROM changed_products n
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
DROP INDEX product_search_document_trgm_idx;
ALTER TABLE product_search DROP COLUMN search_document;
ALTER TABLE products DROP COLUMN search_document;
