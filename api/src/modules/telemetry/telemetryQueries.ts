import { createHash } from 'node:crypto';
import type { Static, HealthFiguresSchema, ServerRenderReportSchema, TelemetryReportSchema, VersionHealthSchema } from '@storefront/contracts';
import type { PageView, Remote } from '@storefront/release-state';
import type { Database, Queryable } from '../../db/database';
import type { ArmCounts, ErrorTest } from './judgement';

export type TelemetryReport = Static<typeof TelemetryReportSchema>;
export type ServerRenderReport = Static<typeof ServerRenderReportSchema>;
export type HealthFigures = Static<typeof HealthFiguresSchema>;
export type VersionHealth = Static<typeof VersionHealthSchema>;

type RemoteReport = NonNullable<NonNullable<TelemetryReport['remotes']>[keyof NonNullable<TelemetryReport['remotes']>]>;

/** One remote that failed on a page, with the version the page's token says it was served. */
export interface RemoteFailure {
  remote: Remote;
  version: string;
  loadFailures: number;
  fallback: boolean;
  caughtErrors: number;
}

/** A page view as it is stored: what its token says it was served, and what its report says happened. */
export interface PageViewRow {
  view: PageView;
  route: string;
  /** The report's remotes under their full names. */
  remotes: Partial<Record<Remote, RemoteReport>>;
  failures: RemoteFailure[];
  vitals: { lcp: number | null; inp: number | null; cls: number | null };
}

/**
 * Whether a remote failed the page: its entry failed to load for good (more failed loads than
 * retries: a load a retry recovered cost the shopper a moment, not the region), it fell back on
 * its known-good version, or its region caught an error.
 */
function isFailure(report: RemoteReport): boolean {
  return (report.loadFailures ?? 0) > (report.retries ?? 0) || report.fallback === true || (report.caughtErrors ?? 0) > 0;
}

/** The row for a report, attributed to the versions its token names (never to anything the report claims). */
export function pageViewRow(view: PageView, report: TelemetryReport): PageViewRow {
  const remotes: PageViewRow['remotes'] = {};
  const failures: RemoteFailure[] = [];
  for (const [short, remoteReport] of Object.entries(report.remotes ?? {})) {
    if (!remoteReport) continue;
    const remote = `mfe-${short}` as Remote;
    remotes[remote] = remoteReport;
    if (isFailure(remoteReport)) {
      failures.push({
        remote,
        // A remote the token does not name was not composed into the page as served.
        version: view.versions[remote] ?? 'unknown',
        loadFailures: remoteReport.loadFailures ?? 0,
        fallback: remoteReport.fallback ?? false,
        caughtErrors: remoteReport.caughtErrors ?? 0,
      });
    }
  }
  const vitals = report.vitals ?? {};
  return { view, route: report.route, remotes, failures, vitals: { lcp: vitals.lcp ?? null, inp: vitals.inp ?? null, cls: vitals.cls ?? null } };
}

/** Stores a page view once: false when its token's id was counted already. */
export async function recordPageView(db: Queryable, row: PageViewRow): Promise<boolean> {
  const { view } = row;
  const result = await db.query(
    `INSERT INTO page_views (id, issued_at, arm, canary_revision, versions, route, remotes, failed, failed_remotes, lcp, inp, cls)
     VALUES ($1, to_timestamp($2::float8 / 1000), $3, $4, $5::jsonb, $6, $7::jsonb, $8, $9::text[], $10, $11, $12)
     ON CONFLICT (id) DO NOTHING
     RETURNING 1`,
    [
      view.id,
      view.issuedAt,
      view.arm,
      view.canary,
      JSON.stringify(view.versions),
      row.route,
      JSON.stringify(row.remotes),
      row.failures.length > 0,
      row.failures.map((failure) => failure.remote),
      row.vitals.lcp,
      row.vitals.inp,
      row.vitals.cls,
    ],
  );
  return result.rows.length > 0;
}

/** How long after its `at` an edge's report is still taken (and before it, for a clock a little ahead). */
export const SERVER_REPORT_WINDOW_MS = 2 * 60 * 1000;

/**
 * Stores the edge's failed renders, once per report: 'replayed' when a report with this very body
 * was counted already (its `at` is in the body, so a new report never repeats an old one's).
 */
export async function recordServerReport(database: Database, rawBody: string, report: ServerRenderReport): Promise<'counted' | 'replayed'> {
  const digest = createHash('sha256').update(rawBody).digest('hex');
  return database.transaction(async (tx) => {
    const fresh = await tx.query('INSERT INTO server_reports_counted (digest, at) VALUES ($1, $2) ON CONFLICT (digest) DO NOTHING RETURNING 1', [digest, report.at]);
    if (fresh.rows.length === 0) return 'replayed';
    if (report.failures.length > 0) {
      await tx.query(
        `INSERT INTO server_render_failures (at, remote, version, arm, failures)
         SELECT $1, f.remote, f.version, f.arm, f.failures
         FROM unnest($2::text[], $3::text[], $4::text[], $5::int[]) AS f(remote, version, arm, failures)`,
        [
          report.at,
          report.failures.map((failure) => failure.remote),
          report.failures.map((failure) => failure.version),
          report.failures.map((failure) => failure.arm),
          report.failures.map((failure) => failure.count),
        ],
      );
    }
    return 'counted';
  });
}

interface FiguresRow {
  page_views: string | number;
  failed: string | number;
  p75_lcp: number | null;
  p75_inp: number | null;
  inp_samples: string | number;
  server_render_failures: string | number;
}

function figuresOf(row: FiguresRow | undefined): HealthFigures {
  const pageViews = Number(row?.page_views ?? 0);
  const failed = Number(row?.failed ?? 0);
  const nullable = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return {
    pageViews,
    failed,
    errorRate: pageViews === 0 ? null : failed / pageViews,
    p75Lcp: nullable(row?.p75_lcp),
    p75Inp: nullable(row?.p75_inp),
    inpSamples: Number(row?.inp_samples ?? 0),
    serverRenderFailures: Number(row?.server_render_failures ?? 0),
  };
}

/** p75s skip the page views that measured nothing (percentile_cont leaves out nulls). */
const FIGURES_SQL = `count(*) AS page_views, count(*) FILTER (WHERE failed) AS failed,
  percentile_cont(0.75) WITHIN GROUP (ORDER BY lcp) AS p75_lcp,
  percentile_cont(0.75) WITHIN GROUP (ORDER BY inp) AS p75_inp,
  count(inp) AS inp_samples`;

/**
 * Each remote version's health over the page views received since `hours` ago: a page view
 * counts for every version its token names, and as failed for a version when that remote failed
 * on it; LCP and INP are the page's, whichever remote drew it.
 */
export async function versionHealth(db: Queryable, hours: number): Promise<{ since: string; versions: VersionHealth[] }> {
  const result = await db.query<FiguresRow & { remote: string; version: string; since: Date | string }>(
    `WITH window_start AS (SELECT now() - make_interval(hours => $1::int) AS since),
     views AS (
       SELECT v.key AS remote, v.value AS version, v.key = ANY (p.failed_remotes) AS failed, p.lcp, p.inp
       FROM page_views p CROSS JOIN LATERAL jsonb_each_text(p.versions) v
       WHERE p.received_at >= (SELECT since FROM window_start)
     ),
     figures AS (SELECT remote, version, ${FIGURES_SQL} FROM views GROUP BY remote, version),
     renders AS (
       SELECT remote, version, sum(failures) AS failures FROM server_render_failures
       WHERE received_at >= (SELECT since FROM window_start) GROUP BY remote, version
     )
     SELECT coalesce(f.remote, r.remote) AS remote, coalesce(f.version, r.version) AS version,
       f.page_views, f.failed, f.p75_lcp, f.p75_inp, f.inp_samples, r.failures AS server_render_failures,
       (SELECT since FROM window_start) AS since
     FROM figures f FULL JOIN renders r ON r.remote = f.remote AND r.version = f.version
     ORDER BY 1, 2`,
    [hours],
  );
  const since = result.rows[0]?.since;
  return {
    since: since === undefined ? new Date(Date.now() - hours * 3_600_000).toISOString() : new Date(since).toISOString(),
    versions: result.rows.map((row) => ({ remote: row.remote, version: row.version, ...figuresOf(row) })),
  };
}

/**
 * A canary's page views by the arm they were served, live and canary (a preview is neither), and
 * the edge's failed renders of each arm since the canary began.
 */
export async function canaryArmFigures(db: Queryable, startedBy: number, since: string): Promise<{ live: HealthFigures; canary: HealthFigures }> {
  const views = await db.query<FiguresRow & { arm: string }>(
    `SELECT arm, ${FIGURES_SQL} FROM page_views WHERE canary_revision = $1 AND arm IN ('live', 'canary') GROUP BY arm`,
    [startedBy],
  );
  const renders = await db.query<{ arm: string; failures: string | number }>(
    `SELECT arm, sum(failures) AS failures FROM server_render_failures WHERE at >= $1 AND arm IN ('live', 'canary') GROUP BY arm`,
    [since],
  );
  const of = (arm: 'live' | 'canary') => {
    const row = views.rows.find((found) => found.arm === arm);
    const failures = renders.rows.find((found) => found.arm === arm)?.failures ?? 0;
    return figuresOf(row ? { ...row, server_render_failures: failures } : { page_views: 0, failed: 0, p75_lcp: null, p75_inp: null, inp_samples: 0, server_render_failures: failures });
  };
  return { live: of('live'), canary: of('canary') };
}

/** What the abort worker has judged of a canary so far (a new test before its first look). */
export interface JudgementState {
  startedBy: number;
  test: ErrorTest;
  judgedAt: string | null;
  abortedAt: string | null;
}

interface JudgementRow {
  started_by: number;
  live_views: string | number;
  live_failed: string | number;
  canary_views: string | number;
  canary_failed: string | number;
  log_likelihood_ratio: number;
  judged_at: Date | string | null;
  aborted_at: Date | string | null;
}

const JUDGEMENT_COLUMNS = `started_by, live_views, live_failed, canary_views, canary_failed, log_likelihood_ratio, judged_at, aborted_at`;

function stateOf(startedBy: number, row: JudgementRow | undefined): JudgementState {
  const counts = (views: string | number, failed: string | number): ArmCounts => ({ views: Number(views), failed: Number(failed) });
  const time = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).toISOString());
  return {
    startedBy,
    test: {
      live: counts(row?.live_views ?? 0, row?.live_failed ?? 0),
      canary: counts(row?.canary_views ?? 0, row?.canary_failed ?? 0),
      logLikelihoodRatio: Number(row?.log_likelihood_ratio ?? 0),
    },
    judgedAt: time(row?.judged_at),
    abortedAt: time(row?.aborted_at),
  };
}

export async function readJudgementState(db: Queryable, startedBy: number): Promise<JudgementState> {
  const result = await db.query<JudgementRow>(`SELECT ${JUDGEMENT_COLUMNS} FROM canary_judgements WHERE started_by = $1`, [startedBy]);
  return stateOf(startedBy, result.rows[0]);
}

/**
 * A canary's live and canary page views not judged yet, marked judged: a look counts each once,
 * and one committed after later ones (its transaction ended late) is taken by the next look.
 */
export async function pageViewBatch(db: Queryable, startedBy: number): Promise<{ live: ArmCounts; canary: ArmCounts }> {
  const result = await db.query<{ arm: string; views: string | number; failed: string | number }>(
    `WITH taken AS (
       UPDATE page_views SET judged = true
       WHERE canary_revision = $1 AND NOT judged AND arm IN ('live', 'canary')
       RETURNING arm, failed)
     SELECT arm, count(*) AS views, count(*) FILTER (WHERE failed) AS failed FROM taken GROUP BY arm`,
    [startedBy],
  );
  const of = (arm: string): ArmCounts => {
    const row = result.rows.find((found) => found.arm === arm);
    return { views: Number(row?.views ?? 0), failed: Number(row?.failed ?? 0) };
  };
  return { live: of('live'), canary: of('canary') };
}

export async function saveJudgementState(db: Queryable, state: Pick<JudgementState, 'startedBy' | 'test'>): Promise<void> {
  const { test } = state;
  await db.query(
    `INSERT INTO canary_judgements (started_by, live_views, live_failed, canary_views, canary_failed, log_likelihood_ratio, judged_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (started_by) DO UPDATE SET live_views = EXCLUDED.live_views, live_failed = EXCLUDED.live_failed,
       canary_views = EXCLUDED.canary_views, canary_failed = EXCLUDED.canary_failed,
       log_likelihood_ratio = EXCLUDED.log_likelihood_ratio, judged_at = EXCLUDED.judged_at`,
    [state.startedBy, test.live.views, test.live.failed, test.canary.views, test.canary.failed, test.logLikelihoodRatio],
  );
}

export async function markCanaryAborted(db: Queryable, startedBy: number, revision: number): Promise<void> {
  await db.query('UPDATE canary_judgements SET aborted_at = now(), aborted_by_revision = $2 WHERE started_by = $1', [startedBy, revision]);
}
