-- Every change to what GET /products/{id} shows is announced on the channel product_changed, so
-- the api's in-memory product cache can drop what went stale (src/cache/productDetailCache.ts).
-- Payload: '<schema>/<product id>', or '<schema>/*' when many or all products may have changed.
-- The schema is in it because channels are per database, and tests give each file its own schema.
-- Notifications are sent at commit, in commit order, and never for a rolled-back change.

-- Up to 50 products changed by one statement are announced one by one; beyond that one '*' is
-- cheaper (seeding 10^5 products is one statement). Without a column argument: always '*'.
CREATE FUNCTION notify_product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  id_column text := TG_ARGV[0];
  ids text[];
  changed_id text;
BEGIN
  IF id_column IS NULL OR TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('product_changed', TG_TABLE_SCHEMA || '/*');
    RETURN NULL;
  END IF;
  -- Distinct ids first, then at most one more than the limit: enough to know to send '*'.
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(few.id) FROM (SELECT DISTINCT %I AS id FROM new_rows LIMIT 51) few', id_column) INTO ids;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(few.id) FROM (SELECT DISTINCT %I AS id FROM old_rows LIMIT 51) few', id_column) INTO ids;
  ELSE
    -- Old and new ids both: an id that moved is stale under its old name too.
    EXECUTE format(
      'SELECT array_agg(few.id) FROM (SELECT %I AS id FROM old_rows UNION SELECT %I FROM new_rows LIMIT 51) few',
      id_column, id_column
    ) INTO ids;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 50 THEN
    PERFORM pg_notify('product_changed', TG_TABLE_SCHEMA || '/*');
    RETURN NULL;
  END IF;
  FOREACH changed_id IN ARRAY ids LOOP
    PERFORM pg_notify('product_changed', TG_TABLE_SCHEMA || '/' || changed_id);
  END LOOP;
  RETURN NULL;
END
$$;

-- A statement trigger per table and event (a trigger with transition tables takes one event).
-- The product itself and the lists hanging off it, by product id:
CREATE TRIGGER products_changed_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('id');
CREATE TRIGGER products_changed_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('id');
CREATE TRIGGER products_changed_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('id');
CREATE TRIGGER products_changed_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed();

CREATE TRIGGER product_categories_changed_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_categories_changed_update AFTER UPDATE ON product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_categories_changed_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_categories_changed_truncate AFTER TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed();

CREATE TRIGGER product_colours_changed_insert AFTER INSERT ON product_colours
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_colours_changed_update AFTER UPDATE ON product_colours
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_colours_changed_delete AFTER DELETE ON product_colours
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_colours_changed_truncate AFTER TRUNCATE ON product_colours
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed();

CREATE TRIGGER product_sizes_changed_insert AFTER INSERT ON product_sizes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_sizes_changed_update AFTER UPDATE ON product_sizes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_sizes_changed_delete AFTER DELETE ON product_sizes
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_sizes_changed_truncate AFTER TRUNCATE ON product_sizes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed();

CREATE TRIGGER product_pictures_changed_insert AFTER INSERT ON product_pictures
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_pictures_changed_update AFTER UPDATE ON product_pictures
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_pictures_changed_delete AFTER DELETE ON product_pictures
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed('product_id');
CREATE TRIGGER product_pictures_changed_truncate AFTER TRUNCATE ON product_pictures
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed();

-- Names, codes, labels and order of categories, colours and sizes show on every product that
-- has them: any change there may touch many products, so all are announced.
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed();
CREATE TRIGGER colours_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON colours
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed();
CREATE TRIGGER sizes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sizes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_product_changed();

-- Reviews need none: a product's rating and counts live on products (003_reviews), and writing a
-- review updates them there.
