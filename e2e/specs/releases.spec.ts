import type { Browser } from 'playwright-core';
import { launchBrowser, newShopper, remoteUrls, shellUrl } from '../support/browser';
import { removeComposition, runTool } from '../support/composition';
import { TWO_RELEASES_TIMEOUT_MS, catalogVersionOnHome, compose, ensureCatalogReleased } from '../support/releases';

let browser: Browser;
const catalogOrigin = () => new URL(remoteUrls()['mfe-catalog'] ?? '').origin;

/**
 * The catalog version whose server container drew the home page's region, as the HTML says, for
 * a guest or the shopper whose cookie is given. A version's first page after it is composed can
 * come before its container has loaded (the browser then draws it): asked again until drawn.
 */
async function catalogVersionDrawnByServer(cookie?: string): Promise<string | null> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const html = await (await fetch(shellUrl('/'), { headers: cookie ? { cookie } : {} })).text();
    const region = /<[^>]*data-remote="mfe-catalog" data-remote-module="HomePage"[^>]*>/.exec(html)?.[0];
    if (region && html.includes('Style and gear for every season')) return /data-remote-version="([^"]+)"/.exec(region)?.[1] ?? null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Two releases of the catalog, as its team would publish them.
  await ensureCatalogReleased('1.0.1');
  await ensureCatalogReleased('1.0.2');
}, TWO_RELEASES_TIMEOUT_MS);

afterAll(async () => {
  await removeComposition();
  await browser?.close();
});

describe('releases and composition', () => {
  it('refuses to overwrite a published release', async () => {
    const again = await runTool('release', ['--remote', 'mfe-catalog', '--version', '1.0.1']);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already released');
  });

  it('serves release files as immutable and manifests and the composition as no-cache', async () => {
    const entry = await fetch(`${catalogOrigin()}/releases/1.0.1/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = await fetch(`${catalogOrigin()}/releases/1.0.1/mf-manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const contract = (await (await fetch(`${catalogOrigin()}/releases/1.0.1/contract.json`)).json()) as { version: string; endpoints: string[] };
    expect(contract.version).toBe('1.0.1');
    expect(contract.endpoints).toContain('getProductFacets');
    // Private: it carries the browser's arm and its page load's token.
    expect((await fetch(shellUrl('/composition.json'))).headers.get('cache-control')).toBe('private, no-cache');
  });

  it('compose set changes what the running shell shows after a reload; rollback restores it; a bad set changes nothing', async () => {
    const { context, page } = await newShopper(browser);
    expect(await catalogVersionOnHome(page)).toBe('1.0.0');

    await compose('set', 'catalog=1.0.1');
    expect(await catalogVersionOnHome(page)).toBe('1.0.1');

    await compose('set', 'catalog=1.0.2');
    expect(await catalogVersionOnHome(page)).toBe('1.0.2');

    await compose('rollback', '--reason', 'catalog 1.0.2 rolled back by the e2e suite');
    expect(await catalogVersionOnHome(page)).toBe('1.0.1');

    const missing = await runTool('compose', ['set', 'catalog=9.9.9']);
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/mfe-catalog \[manifest-answers\]/);
    expect(missing.output).toContain('nothing changed');
    expect(await catalogVersionOnHome(page)).toBe('1.0.1');

    expect(await compose('list')).toMatch(/mfe-catalog.*1\.0\.1.*1\.0\.1, 1\.0\.2/);
    await context.close();
  });

  it('has the server draw each page with the version the shopper gets: the live one’s container, and a preview’s beside it', async () => {
    await compose('set', 'catalog=1.0.1');
    expect(await catalogVersionDrawnByServer()).toBe('1.0.1');
    const asked = await fetch(shellUrl('/?preview=mfe-catalog@1.0.2'), { redirect: 'manual' });
    const previewCookie = asked.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    expect(previewCookie).toContain('sf_preview=');
    expect(await catalogVersionDrawnByServer(previewCookie)).toBe('1.0.2');
    // The live one still draws for everyone else.
    expect(await catalogVersionDrawnByServer()).toBe('1.0.1');
    await compose('set', 'catalog=1.0.2');
    expect(await catalogVersionDrawnByServer()).toBe('1.0.2');
  });

  it('lets a tester preview a release that is not live, with a banner, until they leave the preview', async () => {
    await compose('set', 'catalog=1.0.1');
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl('/?preview=mfe-catalog@1.0.2'));
    expect(new URL(page.url()).search).toBe('');
    await page.getByTestId('preview-banner').filter({ hasText: 'mfe-catalog 1.0.2' }).waitFor();
    expect(await catalogVersionOnHome(page)).toBe('1.0.2');

    const stranger = await newShopper(browser);
    expect(await catalogVersionOnHome(stranger.page)).toBe('1.0.1');
    await stranger.context.close();

    await page.goto(shellUrl('/?preview=off'));
    expect(await catalogVersionOnHome(page)).toBe('1.0.1');
    expect(await page.getByTestId('preview-banner').count()).toBe(0);

    const unknown = await page.goto(shellUrl('/?preview=mfe-catalog@7.7.7'));
    expect(unknown?.status()).toBe(400);
    expect(await page.textContent('body')).toContain('not in the release store');
    await context.close();
  });
});
