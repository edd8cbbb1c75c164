-- Sign-in limits per account and address (auth/throttle.ts). A row of login_failures is now an
-- attempt that has not succeeded: reserved before the password is checked (so attempts still
-- being hashed count), kept when it fails, and cleared with its pair's other failures when the
-- right password comes. The pair's count is what most attempts ask for; the account's and the
-- address's counts keep their own indexes' order (address) or the pair index's prefix (account).
CREATE INDEX login_failures_pair_idx ON login_failures (email_key, address, failed_at);
DROP INDEX login_failures_email_idx;
-- Old failures are deleted on a schedule, oldest first.
CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at);
