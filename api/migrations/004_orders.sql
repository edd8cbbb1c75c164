-- Orders placed at checkout, their lines, and the Idempotency-Key of each POST /orders.
-- Amounts are whole cents (bigint), so totals add up exactly. Stock is decremented on
-- products itself, whose CHECK (stock >= 0) from 001_init stays the last line of defence.

-- Numbers orders JAC-<year>-<000123>; a sequence never hands out the same value twice.
CREATE SEQUENCE order_number_seq;

CREATE TABLE orders (
  -- Random (not a counter), so one shopper cannot guess the address of another's order.
  id uuid PRIMARY KEY,
  number text NOT NULL UNIQUE CHECK (number ~ '^JAC-[0-9]{4}-[0-9]{6,}$'),
  shopper_id text NOT NULL REFERENCES shoppers (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('awaiting_payment', 'placed')),
  first_name text NOT NULL CHECK (first_name <> ''),
  last_name text NOT NULL CHECK (last_name <> ''),
  email text NOT NULL CHECK (email <> ''),
  phone text NOT NULL CHECK (phone ~ '^\+27[0-9]{9}$'),
  delivery_method text NOT NULL CHECK (delivery_method IN ('delivery', 'collect')),
  street text,
  suburb text,
  city text,
  province text CHECK (province IN ('Eastern Cape', 'Free State', 'Gauteng', 'KwaZulu-Natal', 'Limpopo',
    'Mpumalanga', 'North West', 'Northern Cape', 'Western Cape')),
  postal_code text CHECK (postal_code ~ '^[0-9]{4}$'),
  payment_method text NOT NULL CHECK (payment_method IN ('eft', 'cod')),
  subtotal_cents bigint NOT NULL CHECK (subtotal_cents >= 0),
  delivery_cents bigint NOT NULL CHECK (delivery_cents >= 0),
  vat_cents bigint NOT NULL CHECK (vat_cents >= 0 AND vat_cents <= subtotal_cents + delivery_cents),
  total_cents bigint NOT NULL CHECK (total_cents = subtotal_cents + delivery_cents),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- An address exactly when the order is delivered.
  CHECK (
    CASE delivery_method
      WHEN 'delivery' THEN street IS NOT NULL AND suburb IS NOT NULL AND city IS NOT NULL
        AND province IS NOT NULL AND postal_code IS NOT NULL
      ELSE street IS NULL AND suburb IS NULL AND city IS NULL AND province IS NULL AND postal_code IS NULL
    END
  )
);
CREATE INDEX orders_shopper_id_created_at_idx ON orders (shopper_id, created_at DESC);

CREATE TABLE order_lines (
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  key text NOT NULL,
  -- No cascade: a product that has been sold stays, so its orders keep their lines.
  product_id text NOT NULL REFERENCES products (id),
  -- What the shopper bought, as it was then: names and prices may change later.
  link text NOT NULL,
  name text NOT NULL,
  colour text,
  size text,
  colour_code text,
  picture jsonb,
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents >= 0),
  qty integer NOT NULL CHECK (qty > 0),
  line_total_cents bigint NOT NULL CHECK (line_total_cents = unit_price_cents * qty),
  PRIMARY KEY (order_id, position),
  UNIQUE (order_id, key)
);
CREATE INDEX order_lines_product_id_idx ON order_lines (product_id);

-- One row per Idempotency-Key a shopper has placed an order with. It is written first in the
-- order's transaction, so a second request with the same key waits on its primary key and then
-- finds the order; a refused attempt rolls back and leaves the key free for a retry.
CREATE TABLE order_idempotency_keys (
  shopper_id text NOT NULL REFERENCES shoppers (id) ON DELETE CASCADE,
  key text NOT NULL,
  -- The request body's digest: the same key with another body is refused, not replayed.
  request_hash text NOT NULL,
  order_id uuid REFERENCES orders (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shopper_id, key)
);
