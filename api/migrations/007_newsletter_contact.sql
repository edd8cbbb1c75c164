-- The footer's newsletter list and the contact page's messages.

CREATE TABLE newsletter_subscribers (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  -- Trimmed and lowercased, as for accounts: one subscription per address, whatever its case.
  email_key text NOT NULL UNIQUE CHECK (email_key = lower(email_key) AND email_key <> ''),
  subscribed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_messages (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (name <> ''),
  email text NOT NULL CHECK (email <> ''),
  phone text CHECK (phone ~ '^\+27[0-9]{9}$'),
  subject text NOT NULL CHECK (subject <> ''),
  message text NOT NULL CHECK (message <> ''),
  -- The client's address: messages are rate limited per client.
  address text NOT NULL,
  shopper_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_address_idx ON contact_messages (address, created_at);
