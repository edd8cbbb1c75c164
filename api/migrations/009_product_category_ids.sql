-- A search word that names a category matches the products in it as well as the products whose
-- text holds the word. With the categories only in product_categories, that was a union the
-- planner joined back to products by reading every product (~60 ms at 10^5 products). A copy of
-- each product's categories on the product itself, with a GIN index, makes the word one
-- condition on products: a BitmapOr of the trigram index and this one.

-- Derived from product_categories and kept right by its triggers below; nothing else writes it
-- except the seed, which sets the same value when inserting (so the triggers find nothing to do).
ALTER TABLE products ADD COLUMN category_ids text[] NOT NULL DEFAULT '{}';

UPDATE products p
SET category_ids = linked.ids
FROM (SELECT product_id, array_agg(category_id ORDER BY category_id) AS ids FROM product_categories GROUP BY product_id) linked
WHERE linked.product_id = p.id;

CREATE INDEX products_category_ids_idx ON products USING gin (category_ids);

-- Recomputes category_ids for the products a statement on product_categories touched. A product
-- whose set is unchanged (the seed's, or a position change) is left alone: no new row version.
CREATE FUNCTION refresh_product_category_ids(touched text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p
  SET category_ids = fresh.ids
  FROM (
    SELECT t.id, COALESCE(
      (SELECT array_agg(pc.category_id ORDER BY pc.category_id) FROM product_categories pc WHERE pc.product_id = t.id),
      '{}'::text[]
    ) AS ids
    FROM unnest(touched) AS t(id)
  ) fresh
  WHERE p.id = fresh.id AND NOT (p.category_ids @> fresh.ids AND p.category_ids <@ fresh.ids);
$$;

-- A trigger with transition tables takes one event, and each event has its own tables.
CREATE FUNCTION product_categories_sync_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE products SET category_ids = '{}' WHERE category_ids <> '{}';
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_category_ids(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_product_category_ids(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM refresh_product_category_ids(ARRAY(SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER product_categories_ids_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_categories_sync_ids();
CREATE TRIGGER product_categories_ids_update AFTER UPDATE ON product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_categories_sync_ids();
CREATE TRIGGER product_categories_ids_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_categories_sync_ids();
CREATE TRIGGER product_categories_ids_truncate AFTER TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION product_categories_sync_ids();
