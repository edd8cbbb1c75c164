import { isReleased } from '../../edge/src/releaseStore';
import { runTool } from './composition';

/**
 * How long a checked composition must stay live in the suite's store to be known good: long
 * enough that one compose command after another (a couple of seconds each on a busy machine)
 * does not make the first known good, short enough for a spec to wait for it.
 */
export const E2E_KNOWN_GOOD_AFTER_MS = 6000;

/** Releases the catalog at `version` unless an earlier spec of this run has: a version is released once. */
export async function ensureCatalogReleased(version: string): Promise<void> {
  if (await isReleased('mfe-catalog', version)) return;
  const run = await runTool('release', ['--remote', 'mfe-catalog', '--version', version]);
  if (run.code !== 0) throw new Error(`release of mfe-catalog@${version} failed:\n${run.output}`);
}
