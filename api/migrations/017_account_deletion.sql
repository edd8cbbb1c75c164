-- Deleting an account (POPIA: docs/accounts.md): its orders stay for the shop's books, with the
-- shopper's personal fields (name, email, phone, delivery address, client address) removed and
-- the moment of removal kept. An order has either all of its contact and delivery fields (as
-- 004_orders asked) or, once removed, none of them.
ALTER TABLE orders ADD COLUMN personal_data_removed_at timestamptz;
ALTER TABLE orders
  ALTER COLUMN first_name DROP NOT NULL,
  ALTER COLUMN last_name DROP NOT NULL,
  ALTER COLUMN email DROP NOT NULL,
  ALTER COLUMN phone DROP NOT NULL;
-- 004's unnamed check that an address is there exactly when delivered is replaced by one that
-- knows about removal. PostgreSQL named it orders_check<n> after the VAT and total checks; it is
-- found by what it says rather than trusted to a generated name.
DO $$
DECLARE
  address_check text;
BEGIN
  SELECT conname INTO STRICT address_check FROM pg_constraint
  WHERE conrelid = 'orders'::regclass AND contype = 'c'
    AND pg_get_constraintdef(oid) LIKE '%delivery_method%' AND pg_get_constraintdef(oid) LIKE '%street IS NOT NULL%';
  EXECUTE format('ALTER TABLE orders DROP CONSTRAINT %I', address_check);
END
$$;
ALTER TABLE orders ADD CONSTRAINT orders_personal_fields_check CHECK (
  CASE
    WHEN personal_data_removed_at IS NOT NULL THEN
      first_name IS NULL AND last_name IS NULL AND email IS NULL AND phone IS NULL AND client_address IS NULL
      AND street IS NULL AND suburb IS NULL AND city IS NULL AND province IS NULL AND postal_code IS NULL
    ELSE
      first_name IS NOT NULL AND last_name IS NOT NULL AND email IS NOT NULL AND phone IS NOT NULL
      AND CASE delivery_method
        WHEN 'delivery' THEN street IS NOT NULL AND suburb IS NOT NULL AND city IS NOT NULL
          AND province IS NOT NULL AND postal_code IS NOT NULL
        ELSE street IS NULL AND suburb IS NULL AND city IS NULL AND province IS NULL AND postal_code IS NULL
      END
  END
);
