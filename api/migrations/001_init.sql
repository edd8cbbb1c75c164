-- The catalogue, shoppers, carts and wishlists. PostgreSQL dialect, run unchanged on PGlite.

CREATE TABLE categories (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  parent_id text REFERENCES categories (id),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX categories_parent_id_idx ON categories (parent_id);

CREATE TABLE colours (
  name text PRIMARY KEY,
  code text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE sizes (
  name text PRIMARY KEY,
  label text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE products (
  id text PRIMARY KEY CHECK (id = lower(id) AND id <> '' AND position('-' IN id) = 0),
  -- Insertion order: listings page by it, so a catalogue reads the same on every request.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  link text NOT NULL UNIQUE CHECK (link = lower(link) AND link <> ''),
  name text NOT NULL,
  sku text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  short_description text NOT NULL DEFAULT '',
  price numeric(12, 2) NOT NULL CHECK (price >= 0),
  on_sale_price numeric(12, 2) CHECK (on_sale_price >= 0),
  on_sale_until timestamptz,
  has_variants boolean NOT NULL DEFAULT false,
  is_popular boolean NOT NULL DEFAULT false,
  is_new boolean NOT NULL DEFAULT false,
  stock integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  rating numeric(3, 2) NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
  ratings_count integer NOT NULL DEFAULT 0 CHECK (ratings_count >= 0),
  reviews_count integer NOT NULL DEFAULT 0 CHECK (reviews_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE product_categories (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  category_id text NOT NULL REFERENCES categories (id),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category_id_idx ON product_categories (category_id);

CREATE TABLE product_colours (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  colour text NOT NULL REFERENCES colours (name),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, colour)
);

CREATE TABLE product_sizes (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  size text NOT NULL REFERENCES sizes (name),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, size)
);

CREATE TABLE product_pictures (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('small', 'large')),
  position integer NOT NULL,
  url text NOT NULL UNIQUE,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  PRIMARY KEY (product_id, kind, position)
);

CREATE TABLE shoppers (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_lines (
  shopper_id text NOT NULL REFERENCES shoppers (id) ON DELETE CASCADE,
  key text NOT NULL,
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  colour text REFERENCES colours (name),
  size text REFERENCES sizes (name),
  qty integer NOT NULL CHECK (qty > 0),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (shopper_id, key)
);
CREATE INDEX cart_lines_product_id_idx ON cart_lines (product_id);

CREATE TABLE wishlist_items (
  shopper_id text NOT NULL REFERENCES shoppers (id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (shopper_id, product_id)
);
CREATE INDEX wishlist_items_product_id_idx ON wishlist_items (product_id);
