/**
 * One release, built once, served by two environments from two origins. Staging serves the
 * catalog's release from http://127.0.0.1:<port>/releases (RELEASE_BASE_URL when it was composed);
 * production, after `promote --from staging`, serves the very same release folder from
 * http://localhost:<port>/releases, with no rebuild. Each edge's browser loads every file of the
 * release from the origin its environment names.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { buildShellEdge } from '@storefront/edge/app';
import { ROOT, workingVersions } from '@storefront/edge/packages';
import { DEFAULT_KNOWN_GOOD_AFTER_MS } from '@storefront/edge/settings';
import { FileCompositionStore, environmentFile } from '@storefront/release-state';
import { apiUrl } from '../support/api';
import { launchBrowser, newShopper, shellUrl } from '../support/browser';
import { compositionFile, e2ePorts, removeComposition, runTool } from '../support/composition';
import { compose, ensureCatalogReleased } from '../support/releases';

const VERSION = '1.0.1';
let browser: Browser;
let stagingEdge: FastifyInstance;
let stagingUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  await ensureCatalogReleased(VERSION);
  // Staging's edge: the shell's edge as the store runs it, serving the staging environment.
  stagingEdge = await buildShellEdge({
    dist: path.join(ROOT, 'shell/dist'),
    apiUrl: apiUrl('/').replace(/\/$/, ''),
    composition: {
      ports: e2ePorts(),
      publicHost: 'localhost',
      file: compositionFile(),
      environment: 'staging',
      workingVersions: workingVersions(),
      shellManifest: path.join(ROOT, 'shell/dist/mf-manifest.json'),
      knownGoodAfterMs: DEFAULT_KNOWN_GOOD_AFTER_MS,
    },
  });
  await stagingEdge.listen({ port: 0, host: '127.0.0.1' });
  const address = stagingEdge.server.address();
  if (!address || typeof address === 'string') throw new Error('the staging edge is not listening on a port');
  stagingUrl = `http://127.0.0.1:${address.port}`;
}, 240_000);

afterAll(async () => {
  await removeComposition();
  await stagingEdge?.close();
  await browser?.close();
});

/** Every request the home page at `url` makes for the catalog release's files, once its products show. */
async function releaseFilesLoaded(url: string): Promise<{ version: string | null; files: string[] }> {
  const { context, page } = await newShopper(browser);
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/releases/${VERSION}/`)) files.push(request.url());
  });
  await page.goto(url);
  const region = page.locator('[data-remote="mfe-catalog"][data-remote-module="HomePage"]');
  await region.waitFor({ state: 'attached' });
  await page.getByTestId('product-card').first().waitFor();
  const version = await region.getAttribute('data-remote-version');
  await context.close();
  return { version, files };
}

describe('environments', () => {
  it('serve one release, built once, from the origin each names; promote moves staging to production without a rebuild', async () => {
    const port = e2ePorts().remotes['mfe-catalog'];
    const staged = await runTool('compose', ['set', `catalog=${VERSION}`, '--env', 'staging', '--reason', 'try it on staging'], { RELEASE_BASE_URL: 'http://127.0.0.1:{port}/releases' });
    expect(staged.output).toContain('✓ revision 2 is live');
    expect(staged.code).toBe(0);
    const staging = new FileCompositionStore(environmentFile('staging', compositionFile()));
    expect((await staging.live())?.document.remotes['mfe-catalog']?.manifest).toBe(`http://127.0.0.1:${port}/releases/${VERSION}/mf-manifest.json`);

    const promoted = await compose('promote', '--from', 'staging', '--reason', 'staging looked right');
    expect(promoted).toContain('runs what staging runs (its revision 2)');
    expect(promoted).toContain('product, cart, account: staging serves builds that are not releases; production keeps its own');

    const inStaging = await releaseFilesLoaded(stagingUrl);
    const inProduction = await releaseFilesLoaded(shellUrl('/'));
    expect([inStaging.version, inProduction.version]).toEqual([VERSION, VERSION]);
    // The entry and the page's chunks (found beside the manifest), each from its environment's origin only.
    for (const loaded of [inStaging, inProduction]) {
      expect(loaded.files.some((file) => /\/remoteEntry(\.[0-9a-f]+)?\.js$/.test(file))).toBe(true);
      expect(loaded.files.some((file) => /\/__federation_expose_HomePage\.[0-9a-f]+\.js$/.test(file))).toBe(true);
    }
    expect(inStaging.files.filter((file) => !file.startsWith(`http://127.0.0.1:${port}/releases/${VERSION}/`))).toEqual([]);
    expect(inProduction.files.filter((file) => !file.startsWith(`http://localhost:${port}/releases/${VERSION}/`))).toEqual([]);
  }, 180_000);
});
