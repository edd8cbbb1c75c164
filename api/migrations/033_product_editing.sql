-- The shop's staff editing products in the operator pages (/operator/products).

-- The catalogue role: an operator who may also edit products, their pictures and stock. Granted
-- like the operator role (npm run operators -- add <email> --catalogue); only an operator has it.
ALTER TABLE users ADD COLUMN catalogue boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD CONSTRAINT users_catalogue_is_operator CHECK (NOT catalogue OR role = 'operator');

-- A sale set to start later: the expiry sweep (each minute) makes it the product's sale when its
-- time comes (on_sale_price, on_sale_until), so every read of prices stays as it is.
ALTER TABLE products
  ADD COLUMN sale_starts_at timestamptz,
  ADD COLUMN scheduled_sale_price numeric(12, 2) CHECK (scheduled_sale_price >= 0),
  ADD COLUMN scheduled_sale_until timestamptz,
  ADD CONSTRAINT products_scheduled_sale_check CHECK ((sale_starts_at IS NULL) = (scheduled_sale_price IS NULL));
CREATE INDEX products_sale_starts_at_idx ON products (sale_starts_at) WHERE sale_starts_at IS NOT NULL;

-- Every change of stock staff make, with who, when, how many and why. `quantity` is what they
-- typed (units received or damaged, or the units counted); `change` what the sellable stock
-- moved by; `stock_after` what it was then.
CREATE TABLE stock_movements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  sku text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('received', 'counted', 'damaged')),
  quantity integer NOT NULL CHECK (quantity >= 0),
  change integer NOT NULL,
  stock_after integer NOT NULL CHECK (stock_after >= 0),
  actor text NOT NULL CHECK (char_length(actor) <= 320),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 200),
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX stock_movements_product_idx ON stock_movements (product_id, at DESC, id DESC);
