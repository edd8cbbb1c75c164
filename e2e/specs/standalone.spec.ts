/**
 * A remote's own page, as its team deploys it without the shell. Remotes are built on the
 * federation runtime the shell provides (experiments.externalRuntime); their standalone page loads
 * federation-runtime.js in its place. Served here from the remote's production build.
 */
import type { Browser } from 'playwright-core';
import { packageVersion, REMOTES } from '@storefront/edge/packages';
import { collectPageErrors, launchBrowser, remoteUrls } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function standalonePage(remote: string): string {
  const origin = remoteUrls()[remote];
  if (!origin) throw new Error(`E2E_REMOTE_URLS has no ${remote}: run the e2e suite through jest (npm run test:e2e)`);
  return new URL(`/${packageVersion(remote)}/index.html`, origin).toString();
}

describe("a remote's standalone page", () => {
  it.each(REMOTES.map((remote) => [remote]))('%s starts on its own, without the shell', async (remote) => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(standalonePage(remote));
    await page.getByRole('navigation', { name: 'Pages of this remote' }).waitFor();
    await expect(page.locator('.sf-standalone-bar strong').textContent()).resolves.toBe(remote);
    // Without a shell and an api the page falls back to sample data; nothing may fail to start.
    expect(errors.filter((error) => !error.includes('/api/'))).toEqual([]);
    await page.close();
  });

  it('does not start without federation-runtime.js (what the test above relies on)', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.route('**/federation-runtime.js', (route) => route.abort());
    await page.goto(standalonePage('mfe-cart'));
    await page.waitForTimeout(1_500);
    await expect(page.getByRole('navigation', { name: 'Pages of this remote' }).count()).resolves.toBe(0);
    expect(errors.length).toBeGreaterThan(0);
    await page.close();
  });
});
