-- Headers a mail carries besides those every mail has (From, To, Subject, Message-ID, Date,
-- Auto-Submitted): a marketing mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), by
-- which a mail program offers its reader a button that unsubscribes them. Written with the mail
-- and sent as they are on every attempt. Mail written before has none.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(headers) = 'object');
