import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  FileCompositionStore,
  newPageViewId,
  signPageView,
  type CompositionDocument,
  type CompositionEntry,
  type PageView,
  type Remote,
  type Revision,
} from '@storefront/release-state';
import type { Queryable } from '../db/database';

/** The secret the telemetry suites' edge and api share (made up; at least 32 characters). */
export const TEST_TELEMETRY_SECRET = 'test-telemetry-secret-0123456789abcdef';

/** The versions a test page view was served unless it says otherwise. */
export const LIVE_VERSIONS: PageView['versions'] = { 'mfe-catalog': '1.4.0', 'mfe-cart': '1.0.2' };

/** A page-view token as the edge gives one, signed with `secret`. */
export function pageViewToken(view: Partial<PageView> = {}, secret = TEST_TELEMETRY_SECRET): string {
  return signPageView(secret, { id: newPageViewId(), issuedAt: Date.now(), arm: 'live', canary: null, versions: LIVE_VERSIONS, ...view });
}

function entry(remote: Remote, version: string): CompositionEntry {
  return { version, manifest: `http://cdn.test/${remote}/${version}/mf-manifest.json` };
}

export interface TestComposition {
  dir: string;
  file: string;
  store: FileCompositionStore;
  /** Publishes a canary of mfe-catalog `version` for `percent` of browsers; its startedBy is the revision it is. */
  startCanary(version?: string, percent?: number): Promise<Revision>;
  remove(): Promise<void>;
}

/**
 * A composition of its own in a temporary folder, as the compose command keeps one: a 'set'
 * revision with the live versions (LIVE_VERSIONS), and canaries started on it as asked.
 */
export async function testComposition(): Promise<TestComposition> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'api-composition-'));
  const file = path.join(dir, 'composition.json');
  const store = new FileCompositionStore(file);
  const live: CompositionDocument = {
    remotes: { 'mfe-catalog': entry('mfe-catalog', '1.4.0'), 'mfe-cart': entry('mfe-cart', '1.0.2') },
  };
  await store.publish({ by: 'thandi', reason: 'the live versions', action: 'set', composition: live, facts: {}, checkedAt: new Date().toISOString() }, 0);
  return {
    dir,
    file,
    store,
    async startCanary(version = '1.5.0', percent = 10) {
      const newest = (await store.live())?.revision ?? 0;
      const startedBy = newest + 1;
      const composition: CompositionDocument = {
        ...live,
        canary: { remotes: { 'mfe-catalog': entry('mfe-catalog', version) }, percent, startedBy, since: new Date().toISOString() },
      };
      return store.publish({ by: 'thandi', reason: `try catalog ${version}`, action: 'canary', composition, facts: {}, checkedAt: new Date().toISOString() }, newest);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A page view stored straight into the table, as a report through POST /telemetry would store it. */
export interface TestPageView {
  arm: PageView['arm'];
  canary: number | null;
  failed?: boolean;
  versions?: PageView['versions'];
  lcp?: number | null;
  inp?: number | null;
  /** How long ago it was received, in days. */
  daysAgo?: number;
}

/** Many page views at once (tests that need thousands: the same rows the route writes, without a request each). */
export async function insertPageViews(db: Queryable, views: readonly TestPageView[]): Promise<void> {
  const column = <T>(pick: (view: TestPageView) => T) => views.map(pick);
  await db.query(
    `INSERT INTO page_views (id, received_at, issued_at, arm, canary_revision, versions, route, remotes, failed, failed_remotes, lcp, inp)
     SELECT v.id, now() - make_interval(days => v.days), now() - make_interval(days => v.days), v.arm, v.canary, v.versions::jsonb, 'home',
       CASE WHEN v.failed THEN '{"mfe-catalog": {"loadFailures": 1}}'::jsonb ELSE '{}'::jsonb END,
       v.failed, CASE WHEN v.failed THEN ARRAY['mfe-catalog'] ELSE ARRAY[]::text[] END, v.lcp, v.inp
     FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::boolean[], $6::float8[], $7::float8[], $8::int[])
       AS v(id, arm, canary, versions, failed, lcp, inp, days)`,
    [
      column(() => newPageViewId()),
      column((view) => view.arm),
      column((view) => view.canary),
      column((view) => JSON.stringify(view.versions ?? LIVE_VERSIONS)),
      column((view) => view.failed ?? false),
      column((view) => view.lcp ?? null),
      column((view) => view.inp ?? null),
      column((view) => view.daysAgo ?? 0),
    ],
  );
}
