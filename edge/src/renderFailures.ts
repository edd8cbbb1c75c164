/**
 * The server's own render failures, per remote version: a region whose server container could not
 * be loaded or threw while drawing. Counted where the render runs (a render thread sends its counts
 * with each page it answers), logged there naming the remote and version, and reported to the api
 * every few seconds, signed with the telemetry secret, where they count beside the browsers'
 * reports (`npm run compose -- status`).
 */
import { signServerReport, type Arm, type Remote } from '@storefront/release-state';
import { SERVER_REPORT_SIGNATURE_HEADER } from '@storefront/contracts';

export interface RenderFailureCount {
  remote: Remote;
  version: string;
  /** The composition the page was drawn for. */
  arm: Arm;
  count: number;
}

/** A bound on the versions kept between reports: each is one remote version the composition named. */
const MAX_KEPT = 64;
const counted = new Map<string, RenderFailureCount>();

export function countRenderFailures(failures: readonly RenderFailureCount[]): void {
  for (const { remote, version, arm, count } of failures) {
    const key = `${remote}@${version}:${arm}`;
    const known = counted.get(key);
    if (known) known.count += count;
    else if (counted.size < MAX_KEPT) counted.set(key, { remote, version, arm, count });
  }
}

export function countRenderFailure(remote: Remote, version: string, arm: Arm = 'live'): void {
  countRenderFailures([{ remote, version, arm, count: 1 }]);
}

/** The counts since the last take, forgotten here. */
export function takeRenderFailures(): RenderFailureCount[] {
  const taken = [...counted.values()];
  counted.clear();
  return taken;
}

export interface RenderFailureReportsOptions {
  /** The api to report to (the next process in turn, when several). */
  apiUrl: () => string;
  secret: string;
  everyMs?: number;
  log?: (line: string) => void;
}

/** Sends the counts to the api's POST /telemetry/server every `everyMs`; stop() sends what is left. */
export function startRenderFailureReports({ apiUrl, secret, everyMs = 10_000, log = (line) => console.error(line) }: RenderFailureReportsOptions): { stop: () => Promise<void> } {
  const send = async () => {
    const failures = takeRenderFailures();
    if (failures.length === 0) return;
    const body = JSON.stringify({ at: new Date().toISOString(), failures });
    try {
      const answer = await fetch(`${apiUrl()}/telemetry/server`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SERVER_REPORT_SIGNATURE_HEADER]: signServerReport(secret, body) },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      if (!answer.ok) log(`[edge] the api did not take the server's render failures (${answer.status}): ${failures.map((failure) => `${failure.remote} ${failure.version} ×${failure.count}`).join(', ')}`);
    } catch (error) {
      // Kept for the next report: the api may be starting again.
      countRenderFailures(failures);
      log(`[edge] the server's render failures could not be reported: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const timer = setInterval(() => void send(), everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await send();
    },
  };
}
