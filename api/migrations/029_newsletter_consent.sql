-- The newsletter takes an address only with its owner's consent, given twice (double opt-in):
-- asking (the footer's form, or the checkout's box) records the address as pending and mails it
-- a link; following the link confirms it. Marketing mail goes only to confirmed addresses, and
-- each carries a link that unsubscribes at once (routes/newsletter, newsletter/subscriptions.ts).
--
-- status:
--   pending    asked for, not yet confirmed: the sweep forgets the address once the link has
--              expired (cleanup/expireData.ts, NEWSLETTER_CONFIRM_DAYS).
--   confirmed  consent given, at confirmed_at.
-- Unsubscribing deletes the row: the address is then not kept at all.
ALTER TABLE newsletter_subscribers RENAME COLUMN subscribed_at TO requested_at;
ALTER TABLE newsletter_subscribers
  ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed')),
  -- Where consent was asked for: the footer's form or the checkout's box.
  ADD COLUMN source text NOT NULL DEFAULT 'footer' CHECK (source IN ('footer', 'checkout')),
  ADD COLUMN confirmed_at timestamptz,
  -- SHA-256 of the link's token: the token itself is only in the owner's mail. Kept once
  -- confirmed, so that the same link followed again says so instead of "unknown".
  ADD COLUMN confirm_token_hash text UNIQUE CHECK (length(confirm_token_hash) = 64),
  -- The token of the subscriber's unsubscribe links. Kept as it is, not hashed: every marketing
  -- mail must carry it, and all it can do is unsubscribe.
  ADD COLUMN unsubscribe_token text UNIQUE CHECK (unsubscribe_token ~ '^[A-Za-z0-9_-]{43}$');

-- Addresses stored before double opt-in were added by their owners on the footer's form, then
-- the only way in, and told they were subscribed: they are kept as confirmed, from the footer,
-- consent dated from when they were stored. Each gets its unsubscribe token, 32 bytes in base64url
-- as the api writes its tokens (auth/tokens.ts newToken), here from two random UUIDs (244 random
-- bits).
UPDATE newsletter_subscribers SET
  status = 'confirmed',
  source = 'footer',
  confirmed_at = requested_at,
  unsubscribe_token = rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=');

ALTER TABLE newsletter_subscribers
  ALTER COLUMN unsubscribe_token SET NOT NULL,
  ADD CHECK (status <> 'confirmed' OR confirmed_at IS NOT NULL),
  ADD CHECK (status <> 'pending' OR confirm_token_hash IS NOT NULL);

-- The sweep's look-up: pending addresses by age.
CREATE INDEX newsletter_subscribers_pending_idx ON newsletter_subscribers (requested_at) WHERE status = 'pending';
