-- The storefront's health as browsers and the edge report it (api/src/telemetry): one row per
-- page view, counted once per page-view token, attributed to what the token says the page was
-- served. Nothing personal: no address, cookie or account.
CREATE TABLE page_views (
  -- The page-view token's id: a second report with the same token is not counted.
  id text PRIMARY KEY,
  -- The order rows arrived in.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  -- Counted by the abort worker's judgement of its canary (telemetry/canaryWatch.ts): each look
  -- takes the rows not yet judged and marks them, so a row committed late, after later ones, is
  -- judged at the next look and none is judged twice.
  judged boolean NOT NULL DEFAULT false,
  received_at timestamptz NOT NULL DEFAULT now(),
  issued_at timestamptz NOT NULL,
  arm text NOT NULL CHECK (arm IN ('live', 'canary', 'preview')),
  -- The revision that started the canary running when the page was served; null: none ran.
  canary_revision integer,
  -- Each remote's version as served: {"mfe-catalog": "1.5.0", …}.
  versions jsonb NOT NULL,
  route text NOT NULL,
  -- What each remote did on the page, by its full name: {"mfe-cart": {"loadFailures": 1}}.
  remotes jsonb NOT NULL,
  -- A remote failed to load, fell back on its known-good version, or caught an error.
  failed boolean NOT NULL,
  failed_remotes text[] NOT NULL,
  lcp double precision,
  inp double precision,
  cls double precision
);

CREATE INDEX page_views_received_at ON page_views (received_at);
CREATE INDEX page_views_canary ON page_views (canary_revision, arm) WHERE canary_revision IS NOT NULL;
CREATE INDEX page_views_unjudged ON page_views (canary_revision) WHERE canary_revision IS NOT NULL AND NOT judged;

-- The edge's own failed renders, per remote version and arm, from its signed reports.
CREATE TABLE server_render_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  remote text NOT NULL,
  version text NOT NULL,
  arm text NOT NULL CHECK (arm IN ('live', 'canary', 'preview')),
  failures integer NOT NULL CHECK (failures > 0)
);

CREATE INDEX server_render_failures_received_at ON server_render_failures (received_at);

-- The edge's reports counted lately, by the digest of their body: one sent again is refused.
-- Kept a few minutes past the time a report is taken at all.
CREATE TABLE server_reports_counted (
  digest text PRIMARY KEY,
  at timestamptz NOT NULL
);

CREATE INDEX server_reports_counted_at ON server_reports_counted (at);

-- The abort worker's judgement of each canary, by the revision that started it: the page views
-- it has counted (each marked `judged`), and its sequential test's ratio.
CREATE TABLE canary_judgements (
  started_by integer PRIMARY KEY,
  live_views bigint NOT NULL DEFAULT 0,
  live_failed bigint NOT NULL DEFAULT 0,
  canary_views bigint NOT NULL DEFAULT 0,
  canary_failed bigint NOT NULL DEFAULT 0,
  log_likelihood_ratio double precision NOT NULL DEFAULT 0,
  judged_at timestamptz NOT NULL DEFAULT now(),
  -- When the worker ended the canary, and the revision that did.
  aborted_at timestamptz,
  aborted_by_revision integer
);
