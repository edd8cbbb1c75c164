-- Accounts: users, their sessions, saved addresses, password resets, a mail outbox, and the
-- failed sign-ins that throttle guessing.

CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL,
  -- Trimmed and lowercased: the identity; `email` keeps what the shopper typed.
  email_key text NOT NULL UNIQUE CHECK (email_key = lower(email_key) AND email_key <> ''),
  password_hash text NOT NULL,
  first_name text NOT NULL CHECK (first_name <> ''),
  last_name text NOT NULL CHECK (last_name <> ''),
  phone text NOT NULL CHECK (phone ~ '^\+27[0-9]{9}$'),
  -- The account's own cart and wishlist; an anonymous shopper's merge into it on sign-in.
  shopper_id text NOT NULL UNIQUE REFERENCES shoppers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  -- SHA-256 of the cookie's token: a leaked table does not hand out sessions.
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  remember boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email_key text NOT NULL,
  address text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX login_failures_email_idx ON login_failures (email_key, failed_at);
CREATE INDEX login_failures_address_idx ON login_failures (address, failed_at);

CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id);

-- Mail the shop would send; a developer reads it at GET /dev/outbox (never in production).
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE TABLE addresses (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  label text NOT NULL DEFAULT '',
  recipient text NOT NULL CHECK (recipient <> ''),
  street text NOT NULL CHECK (street <> ''),
  suburb text NOT NULL DEFAULT '',
  city text NOT NULL CHECK (city <> ''),
  province text NOT NULL,
  postal_code text NOT NULL CHECK (postal_code ~ '^[0-9]{4}$'),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX addresses_user_id_idx ON addresses (user_id);
