-- The api's rate limits (plugins/rateLimits.ts): one counter per limit and key (say
-- "register:203.0.113.9"), counted in fixed windows by an atomic upsert, so every api process on
-- the database counts the same requests. A counter whose window has ended means nothing: the
-- next hit starts it again, and a sweep deletes it.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY CHECK (length(key) <= 400),
  hits bigint NOT NULL CHECK (hits > 0),
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_window_ends_at_idx ON rate_limit_counters (window_ends_at);
