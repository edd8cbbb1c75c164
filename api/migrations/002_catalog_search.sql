-- Catalogue search and listing at scale: trigram search over each product's own text, a lexicon
-- of the words the catalogue uses (so a mistyped word can be matched to a real one), and indexes
-- for the listing's filters and sorts.

-- pg_trgm goes into public so every schema sees it (the api tests give each test file its own
-- schema on a shared server). The lock keeps two processes, each migrating its own schema, from
-- creating the extension at the same moment.
SELECT pg_advisory_xact_lock(hashtext('storefront:extension:pg_trgm'));
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- What `search` matches, in one lower-cased column the trigram index covers. Category names are
-- matched separately (there are a handful), so a product's document never goes stale.
ALTER TABLE products
  ADD COLUMN search_document text GENERATED ALWAYS AS (lower(name || ' ' || sku || ' ' || description)) STORED;
CREATE INDEX products_search_document_trgm_idx ON products USING gin (search_document public.gin_trgm_ops);

-- Every word (letters only, 3 to 40 of them) of any product's document. Small next to the
-- catalogue, so finding the nearest spelling of a mistyped word is cheap.
CREATE TABLE search_words (
  word text PRIMARY KEY
);
CREATE INDEX search_words_word_trgm_idx ON search_words USING gin (word public.gin_trgm_ops);

CREATE FUNCTION collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT found.word
  FROM changed_products, regexp_split_to_table(changed_products.search_document, '[^[:alpha:]]+') AS found(word)
  WHERE length(found.word) BETWEEN 3 AND 40
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END
$$;

-- Statement triggers see a bulk insert's rows at once, so seeding 10^5 products stays one pass.
CREATE TRIGGER products_words_after_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words();
CREATE TRIGGER products_words_after_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words();

INSERT INTO search_words (word)
SELECT DISTINCT found.word
FROM products, regexp_split_to_table(products.search_document, '[^[:alpha:]]+') AS found(word)
WHERE length(found.word) BETWEEN 3 AND 40
ON CONFLICT (word) DO NOTHING;

-- The listing's sorts, each ending in seq so pages never overlap.
CREATE INDEX products_popularity_idx ON products (is_popular DESC, ratings_count DESC, seq);
CREATE INDEX products_rating_idx ON products (rating DESC, ratings_count DESC, seq);
CREATE INDEX products_newest_idx ON products (is_new DESC, created_at DESC, seq DESC);

-- Colour and size filters look products up by value.
CREATE INDEX product_colours_colour_idx ON product_colours (colour);
CREATE INDEX product_sizes_size_idx ON product_sizes (size);
