import type { Page } from 'playwright-core';
import { isReleased } from '@storefront/edge/release-store';
import { shellUrl } from './browser';
import { runTool } from './composition';

/**
 * How long a checked composition must stay live in the suite's store to be known good: long
 * enough that one compose command after another does not make the first known good, short enough
 * for a spec to wait for it. A compose takes a couple of seconds alone, but while the other specs
 * run beside the ones that compose, on a slow day, one was seen to take over ten.
 */
export const E2E_KNOWN_GOOD_AFTER_MS = 30_000;

/**
 * What a spec's setup that releases the catalog twice may take: each release is a production
 * build of the remote and its checks, about 16 s of a core from scratch and 7 s with the build
 * cache the store's build left (build/buildCache.ts); beside the other specs' browsers, before
 * that cache, the two took over five minutes on a slow day.
 */
export const TWO_RELEASES_TIMEOUT_MS = 600_000;

/** Releases the catalog at `version` unless an earlier spec of this run has: a version is released once. */
export async function ensureCatalogReleased(version: string): Promise<void> {
  if (await isReleased('mfe-catalog', version)) return;
  const run = await runTool('release', ['--remote', 'mfe-catalog', '--version', version]);
  if (run.code !== 0) throw new Error(`release of mfe-catalog@${version} failed:\n${run.output}`);
}

/** Runs compose and expects it to succeed, showing its output when it does not. */
export async function compose(...args: string[]): Promise<string> {
  const run = await runTool('compose', args);
  if (run.code !== 0) throw new Error(`compose ${args.join(' ')} failed:\n${run.output}`);
  return run.output;
}

/** The catalog version the home page ends up on, as the shell marks its region. */
export async function catalogVersionOnHome(page: Page): Promise<string | null> {
  await page.goto(shellUrl('/'));
  const region = page.locator('[data-remote="mfe-catalog"][data-remote-module="HomePage"]');
  await region.waitFor({ state: 'attached' });
  await page.getByTestId('product-card').first().waitFor();
  return region.getAttribute('data-remote-version');
}
