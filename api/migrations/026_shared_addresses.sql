-- Many shoppers share one address (a mobile network's), so no limit below is a lock that one of
-- them can put on the others.

-- Orders: one client address is held to a rate of orders placed (routes/orders/placeOrder.ts),
-- no longer to a number of unpaid orders held. The orders placed from an address in the last
-- window are counted on every POST /orders; orders whose personal data was removed have no address.
CREATE INDEX orders_client_address_created_at_idx ON orders (client_address, created_at) WHERE client_address IS NOT NULL;
DROP INDEX orders_unpaid_client_address_idx;

-- Sign-in: an account with many failed sign-ins from anywhere asks for a one-time code, mailed to
-- its owner when the password is right (auth/signInCodes.ts), instead of refusing everyone.
CREATE TABLE sign_in_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- SHA-256 of the account's id and the code: the code itself is only in the owner's mail.
  code_hash text NOT NULL CHECK (length(code_hash) = 64),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  -- Wrong codes tried with the right password while this one was live; enough of them spend it.
  wrong_tries integer NOT NULL DEFAULT 0 CHECK (wrong_tries >= 0)
);
CREATE INDEX sign_in_codes_user_id_idx ON sign_in_codes (user_id);
CREATE INDEX sign_in_codes_expires_at_idx ON sign_in_codes (expires_at);
