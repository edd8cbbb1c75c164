/**
 * A release manager cannot break the live shop without being told: a rollback is checked, a
 * failing remote falls back only to a known-good version, two changes at the same moment do not
 * lose one, an incompatible release is refused as a preview, and a package.json version bump
 * changes nothing the running store serves.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { isReleased, releaseDir } from '@storefront/edge/release-store';
import { ROOT } from '@storefront/edge/packages';
import { launchBrowser, newShopper, remoteUrls, shellUrl } from '../support/browser';
import { compositionFile, removeComposition, runTool } from '../support/composition';
import { E2E_KNOWN_GOOD_AFTER_MS, TWO_RELEASES_TIMEOUT_MS, catalogVersionOnHome, compose, ensureCatalogReleased } from '../support/releases';

let browser: Browser;
const catalogOrigin = () => new URL(remoteUrls()['mfe-catalog'] ?? '').origin;

/**
 * A release made from another's files with its manifest edited: it stands for a build that says
 * it is `version` (and, with `shared`, one built against another @storefront/shared). Its chunks
 * still load from the folder it was copied from, which its public path names.
 */
async function fabricateRelease(from: string, version: string, shared?: string): Promise<void> {
  const target = releaseDir('mfe-catalog', version);
  if (await isReleased('mfe-catalog', version)) return;
  const staging = `${target}.staging`;
  await fs.rm(staging, { recursive: true, force: true });
  await fs.cp(releaseDir('mfe-catalog', from), staging, { recursive: true });
  const manifestFile = path.join(staging, 'mf-manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as {
    metaData: { buildInfo: { buildVersion: string } };
    shared: { name: string; version: string; requiredVersion?: string }[];
  };
  manifest.metaData.buildInfo.buildVersion = version;
  if (shared) {
    for (const entry of manifest.shared) {
      if (entry.name === '@storefront/shared') Object.assign(entry, { version: shared, requiredVersion: `^${shared}` });
    }
  }
  await fs.writeFile(manifestFile, JSON.stringify(manifest));
  // The copies compressed ahead of time would be served in place of the edited manifest.
  await Promise.all(['.br', '.gz'].map((suffix) => fs.rm(`${manifestFile}${suffix}`, { force: true })));
  await fs.rename(staging, target);
}

/** A @storefront/shared one major above the shell's: a release built against it cannot run with this shell. */
async function nextSharedMajor(): Promise<string> {
  const { version } = JSON.parse(await fs.readFile(path.join(ROOT, 'shared', 'package.json'), 'utf8')) as { version: string };
  return `${Number(version.split('.')[0]) + 1}.0.0`;
}

/** The revision the live composition file names. */
async function liveRevision(): Promise<number> {
  return (JSON.parse(await fs.readFile(compositionFile(), 'utf8')) as { revision: number }).revision;
}

beforeAll(async () => {
  browser = await launchBrowser();
  await ensureCatalogReleased('1.0.1');
  await ensureCatalogReleased('1.0.2');
  await fabricateRelease('1.0.2', '1.0.3');
  await fabricateRelease('1.0.2', '1.0.4', await nextSharedMajor());
}, TWO_RELEASES_TIMEOUT_MS);

beforeEach(() => removeComposition());

afterAll(async () => {
  await removeComposition();
  await browser?.close();
});

describe('releases that cannot break the shop', () => {
  it('refuses a rollback to a composition that no longer passes the checks, and the shop keeps its live version', async () => {
    await compose('set', 'catalog=1.0.1');
    await compose('set', 'catalog=1.0.2');
    const gone = `${releaseDir('mfe-catalog', '1.0.1')}.away`;
    await fs.rename(releaseDir('mfe-catalog', '1.0.1'), gone);
    try {
      const refused = await runTool('compose', ['rollback', '--reason', 'filters broken']);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/mfe-catalog \[manifest-answers\]/);
      expect(refused.output).toContain('nothing changed');
      expect(refused.output).not.toContain('rolled back');
    } finally {
      await fs.rename(gone, releaseDir('mfe-catalog', '1.0.1'));
    }
    const { context, page } = await newShopper(browser);
    expect(await catalogVersionOnHome(page)).toBe('1.0.2');

    const withoutReason = await runTool('compose', ['rollback']);
    expect(withoutReason.code).toBe(1);
    expect(withoutReason.output).toContain('--reason');

    await compose('rollback', '--reason', 'filters broken', '--by', 'thandi');
    expect(await catalogVersionOnHome(page)).toBe('1.0.1');
    const history = await compose('history');
    expect(history).toContain('thandi');
    expect(history).toContain('filters broken');
    await context.close();
  });

  it('falls back only to a known-good version: not to a newer one that was live too briefly', async () => {
    await compose('set', 'catalog=1.0.1');
    // 1.0.1 stays live long enough to be known good; 1.0.3 then is live for a moment only.
    await new Promise((resolve) => setTimeout(resolve, E2E_KNOWN_GOOD_AFTER_MS + 500));
    await compose('set', 'catalog=1.0.3');
    await compose('set', 'catalog=1.0.2');
    const served = (await (await fetch(shellUrl('/composition.json'))).json()) as { lastKnownGood: Record<string, { version: string }> };
    expect(served.lastKnownGood['mfe-catalog']?.version).toBe('1.0.1');

    const { context, page } = await newShopper(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The live version's entry cannot be had, and 1.0.3 stands for a release that fails too.
    await context.route(
      (url) => url.origin === catalogOrigin() && /\/releases\/1\.0\.[23]\/remoteEntry\.js$/.test(url.pathname),
      (route) => route.abort(),
    );
    expect(await catalogVersionOnHome(page)).toBe('1.0.1');
    await page.getByTestId('remote-fallback').first().waitFor({ state: 'detached', timeout: 5000 });
    expect(await page.getByTestId('remote-fallback').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets exactly one of two changes made on the same revision win, and says so to the other', async () => {
    await compose('set', 'catalog=1.0.1');
    const before = await liveRevision();
    // Both release managers read the same revision and state it: whichever order the two
    // processes happen to run in on a busy machine, the second finds it is no longer the newest.
    const runs = await Promise.all([
      runTool('compose', ['set', 'catalog=1.0.2', '--by', 'thandi', '--base', String(before)]),
      runTool('compose', ['set', 'catalog=1.0.3', '--by', 'sipho', '--base', String(before)]),
    ]);
    expect(runs.map((run) => run.code).sort()).toEqual([0, 1]);
    const loser = runs.find((run) => run.code === 1);
    expect(loser?.output).toMatch(/the composition changed since you read it: revision \d+, by (thandi|sipho), .*run the command again/);
    expect(await liveRevision()).toBe(before + 1);
    const winner = runs[0]?.code === 0 ? '1.0.2' : '1.0.3';
    const { context, page } = await newShopper(browser);
    expect(await catalogVersionOnHome(page)).toBe(winner);
    await context.close();
  });

  it('refuses an incompatible release before it can do harm: at check, and as a preview the tester sees refused', async () => {
    await compose('set', 'catalog=1.0.1');
    const check = await runTool('compose', ['check', 'catalog=1.0.4']);
    expect(check.code).toBe(1);
    expect(check.output).toMatch(/mfe-catalog \[singleton-version\] @storefront\/shared/);

    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl('/?preview=mfe-catalog@1.0.4'));
    const banner = page.getByTestId('preview-banner');
    await banner.filter({ hasText: 'refused' }).waitFor();
    expect(await banner.textContent()).toContain('@storefront/shared');
    expect(await catalogVersionOnHome(page)).toBe('1.0.1');
    await page.goto(shellUrl('/?preview=off'));
    expect(await page.getByTestId('preview-banner').count()).toBe(0);
    await context.close();
  });

  it('serves what it served before when a remote’s package.json version is raised without a release', async () => {
    const file = path.join(ROOT, 'mfe-cart', 'package.json');
    const original = await fs.readFile(file, 'utf8');
    const { version } = JSON.parse(original) as { version: string };
    await fs.writeFile(file, original.replace(`"version": "${version}"`, '"version": "9.9.9"'));
    try {
      // The version a package.json says is read again after a second at most.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const served = (await (await fetch(shellUrl('/composition.json'))).json()) as { remotes: Record<string, { version: string }> };
      expect(served.remotes['mfe-cart']?.version).toBe(version);
      const { context, page } = await newShopper(browser);
      await page.goto(shellUrl('/cart'));
      await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
      expect(await page.locator('[data-remote="mfe-cart"][data-remote-module="CartPage"]').getAttribute('data-remote-version')).toBe(version);
      expect(await page.getByTestId('remote-fallback').count()).toBe(0);
      await context.close();
    } finally {
      await fs.writeFile(file, original);
    }
  });
});
