/**
 * What this page view saw of the remotes' health and of its speed, kept until the report is sent
 * (pageViewReport.ts). One document load is one page view: client-side navigations add to it.
 * Free of imports (types aside): the federation runtime's plugin counts into it from the entry chunk.
 */
import type { Static, TELEMETRY_REMOTES, TelemetryReportSchema } from '@storefront/contracts';
import type { RemoteName } from '../federation/composition';

export type TelemetryReport = Static<typeof TelemetryReportSchema>;
type RemoteHealth = NonNullable<NonNullable<TelemetryReport['remotes']>[(typeof TELEMETRY_REMOTES)[number]]>;
type Vitals = NonNullable<TelemetryReport['vitals']>;

// Only a remote with something to report has an entry.
const remotes: Partial<Record<RemoteName, RemoteHealth>> = {};
const vitals: Vitals = {};

/**
 * Notes what happened to a remote: an entry load that failed (each failed retry is one more), a
 * retry of one, an error its region caught (its module would not load, or threw while drawing),
 * or the page falling back on its known-good version. Counts stop at the report's bound, 1000.
 */
export function noteRemote(remote: RemoteName, what: 'loadFailures' | 'retries' | 'caughtErrors' | 'fallback'): void {
  const health = (remotes[remote] ??= {});
  if (what === 'fallback') health.fallback = true;
  else health[what] = Math.min((health[what] ?? 0) + 1, 1000);
}

/** The latest value web-vitals gave for a metric, within the report's bounds (a value past them would have the report refused). */
export function noteVital(name: keyof Vitals, value: number): void {
  if (value >= 0) vitals[name] = Math.min(value, name === 'cls' ? 100 : 600_000);
}

/** The report of this page view so far: counts and timings only, the remotes by their short names. */
export function pageHealthReport(token: string, route: string): TelemetryReport {
  const named = Object.entries(remotes).map(([remote, health]) => [remote.slice('mfe-'.length), health]);
  return {
    token,
    route,
    ...(named.length > 0 ? { remotes: Object.fromEntries(named) as TelemetryReport['remotes'] } : {}),
    ...(Object.keys(vitals).length > 0 ? { vitals } : {}),
  };
}
