/**
 * `npm run compose -- status`: how the live and canary versions do in shoppers' browsers, as the
 * running api has counted their page views (GET /operator/releases/health), asked with the
 * credential the api writes for this machine's command line (api/src/identity/machineCredential.ts).
 */
import type { HealthFiguresSchema, ReleaseHealthSchema, Static } from '@storefront/contracts';
import { shortName, type CompositionStore } from '@storefront/release-state';
import { DEFAULT_DATA_DIR } from '@storefront/api/database';
import { readMachineCredentials } from '@storefront/api/machine-credential';
import { readPositiveNumber, UsageError, type CommandLine } from './composeOptions';

export type ReleaseHealth = Static<typeof ReleaseHealthSchema>;
type HealthFigures = Static<typeof HealthFiguresSchema>;

const percent = (rate: number | null | undefined) => (rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(2)}%`);
const ms = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${Math.round(value)} ms`);

function row(figures: HealthFigures) {
  return {
    'page views': figures.pageViews,
    failed: figures.failed,
    'error rate': percent(figures.errorRate),
    'p75 LCP': ms(figures.p75Lcp),
    'p75 INP': ms(figures.p75Inp),
    'INP samples': figures.inpSamples,
    'server render failures': figures.serverRenderFailures ?? 0,
  };
}

/** The lines and tables `status` prints for what the api answered. */
export function printHealth(health: ReleaseHealth, hours: number): void {
  const { canary } = health;
  if (canary) {
    const versions = Object.entries(canary.remotes)
      .map(([remote, version]) => `${shortName(remote)} ${version}`)
      .join(', ');
    console.log(`canary since revision ${canary.startedBy} (${canary.since}): ${versions} for ${canary.percent}% of browsers`);
    console.table({ live: row(canary.arms.live), canary: row(canary.arms.canary) });
    const { logLikelihoodRatio, bound, margin, judged } = canary.errorTest;
    console.log(
      `error rate: the sequential test stands at ${logLikelihoodRatio.toFixed(2)} of the ${bound.toFixed(2)} that aborts the canary (${(margin * 100).toFixed(1)} points worse than live), over ${judged.canary} canary and ${judged.live} live page views judged`,
    );
    const { liveP75, canaryP75, liveSamples, canarySamples, marginMs, minSamples } = canary.inp;
    const comparable = liveP75 !== null && canaryP75 !== null && liveSamples >= minSamples && canarySamples >= minSamples;
    const difference = comparable ? canaryP75 - liveP75 : null;
    console.log(
      `INP: ${difference === null ? `not judged until each arm has ${minSamples} samples (live ${liveSamples}, canary ${canarySamples})` : `the canary's p75 is ${Math.abs(Math.round(difference))} ms ${difference >= 0 ? 'worse' : 'better'} than live's`}; aborted at ${marginMs} ms worse`,
    );
  } else {
    console.log('no canary runs');
  }
  console.log(`each version over the last ${hours} h:`);
  if (health.versions.length === 0) console.log('  no page views reported');
  else console.table(health.versions.map((version) => ({ remote: shortName(version.remote), version: version.version, ...row(version) })));
}

export async function status(_store: CompositionStore, line: CommandLine): Promise<boolean> {
  if (line.positional.length > 0) throw new UsageError('status takes no arguments but --hours <n>');
  const hours = line.options.hours !== undefined ? readPositiveNumber(line.options.hours, '--hours') : 24;
  const dataDir = process.env.DATA_DIR || DEFAULT_DATA_DIR;
  const credentials = await readMachineCredentials(dataDir);
  if (credentials.length === 0) throw new Error(`no running api was found (no credential in ${dataDir}): start the store (npm start), or set DATA_DIR to the api's data folder`);
  let lastProblem = '';
  for (const credential of credentials) {
    try {
      const answer = await fetch(`${credential.url}/operator/releases/health?hours=${hours}`, { headers: { authorization: `Bearer ${credential.token}` }, signal: AbortSignal.timeout(15_000) });
      if (!answer.ok) {
        const body = (await answer.json().catch(() => null)) as { message?: string } | null;
        lastProblem = body?.message ?? `the api answered ${answer.status}`;
        continue;
      }
      printHealth((await answer.json()) as ReleaseHealth, hours);
      return true;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
  }
  throw new Error(`the api could not say how the versions do: ${lastProblem}`);
}
