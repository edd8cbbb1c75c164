-- An order's life after checkout (docs/orders.md): the states a shop moves it through, each change
-- recorded, and operators (accounts with a role) who make them.

-- 004's unnamed check on status lists only the two states an order was placed in.
DO $$
DECLARE
  status_check text;
BEGIN
  SELECT conname INTO STRICT status_check FROM pg_constraint
  WHERE conrelid = 'orders'::regclass AND contype = 'c'
    AND pg_get_constraintdef(oid) LIKE '%status%' AND pg_get_constraintdef(oid) LIKE '%awaiting_payment%';
  EXECUTE format('ALTER TABLE orders DROP CONSTRAINT %I', status_check);
END
$$;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN (
  'awaiting_payment', 'placed', 'paid', 'packed', 'shipped', 'ready_for_collection',
  'delivered', 'collected', 'cancelled', 'expired'));

ALTER TABLE orders
  -- The bank's reference for an EFT payment, as the operator recorded it.
  ADD COLUMN payment_reference text CHECK (length(payment_reference) BETWEEN 1 AND 100),
  ADD COLUMN tracking_number text CHECK (length(tracking_number) BETWEEN 1 AND 100),
  -- When the money came in: marked paid (EFT), delivered or collected (cash). The operator's
  -- totals count orders by it.
  ADD COLUMN paid_at timestamptz,
  -- When the shopper was told the payment window is about to close (once per order).
  ADD COLUMN payment_reminder_sent_at timestamptz;

-- The unpaid EFT orders the expiry sweep looks at, oldest first.
CREATE INDEX orders_awaiting_payment_idx ON orders (created_at) WHERE status = 'awaiting_payment';
-- The operator's list: newest first, by state.
CREATE INDEX orders_created_at_idx ON orders (created_at DESC, number DESC);
CREATE INDEX orders_status_created_at_idx ON orders (status, created_at DESC);
CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE paid_at IS NOT NULL;

-- Every change of state: when, by whom, why. An order's first row is its placing.
CREATE TABLE order_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- The operator's email, 'shop' (placing, expiry) or 'command line'.
  actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 254),
  -- Tracking number, cancellation reason or payment reference.
  note text CHECK (length(note) <= 500)
);
CREATE INDEX order_events_order_id_idx ON order_events (order_id, id);

-- Orders placed before this migration get their placing as their first change.
INSERT INTO order_events (order_id, from_status, to_status, at, actor)
SELECT id, NULL, status, created_at, 'shop' FROM orders ORDER BY created_at;

-- Operators are accounts with a role (npm run operators -- add <email>).
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'shopper' CHECK (role IN ('shopper', 'operator'));
