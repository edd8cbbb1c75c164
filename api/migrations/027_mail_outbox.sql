-- The shop's mail, kept until it is delivered. A mail is written in the same transaction as the
-- change that causes it (an order, a reset link, a moved order), so a change that commits has its
-- mail here and one rolled back has none; a sender in each api process then hands it to the mail
-- server, and tries again with a growing wait while the server is down (mail/mailer.ts).
--
-- status:
--   pending  waiting to be sent; next_attempt_at says when a sender may take it. Taking it moves
--            next_attempt_at a claim's length ahead, so a sender that dies mid-send leaves it to
--            be taken again once that time has passed (sent at least once; the repeat carries
--            the same message_id, which mail programs show once).
--   sent     the mail server took it.
--   failed   the server refused it for good, or it could not be sent for the whole retry
--            window; an operator can send it again (npm run mail -- retry).
--   kept     written only for the developer outbox (DEV_OUTBOX=true without SMTP_URL): never sent.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id text NOT NULL UNIQUE CHECK (length(message_id) BETWEEN 3 AND 300),
  recipient text NOT NULL CHECK (length(recipient) BETWEEN 1 AND 320),
  subject text NOT NULL CHECK (length(subject) <= 500),
  text_body text NOT NULL,
  html_body text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'kept')),
  created_at timestamptz NOT NULL,
  -- Where the retry window starts: created_at, or when an operator last asked for a retry.
  retry_from timestamptz NOT NULL,
  next_attempt_at timestamptz,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_attempt_at timestamptz,
  -- What the mail server (or the network) last said, addresses masked.
  last_error text CHECK (length(last_error) <= 1000),
  sent_at timestamptz,
  failed_at timestamptz,
  CHECK (status <> 'pending' OR next_attempt_at IS NOT NULL)
);
-- What the senders look for: pending mail by when it is due.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id) WHERE status = 'pending';
-- The operators' lists and the sweep, by state and age.
CREATE INDEX mail_outbox_status_created_at_idx ON mail_outbox (status, created_at);

-- The developer outbox's mail so far (text only) stays readable at /dev/outbox.
INSERT INTO mail_outbox (message_id, recipient, subject, text_body, html_body, status, created_at, retry_from)
SELECT '<dev-outbox-' || id || '@localhost>', recipient, left(subject, 500), body, '', 'kept', created_at, created_at
FROM outbox
WHERE length(recipient) BETWEEN 1 AND 320
ORDER BY id;
DROP TABLE outbox;
