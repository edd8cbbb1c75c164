/**
 * A remote released on an origin of its own and composed in: the edge follows the composition
 * without a restart (its Content-Security-Policy lets the new origin's code run, and forgets it
 * once composed out), and a remote that throws while rendering shows its region's fallback
 * while the header, other pages and the cart work on. It rewrites the live composition, so it
 * runs on a store of its own, one spec at a time (scripts/lib/aloneSpecs.ts).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { localComposition } from '@storefront/edge/composition';
import { launchBrowser, newShopper, shellUrl } from '../support/browser';
import { compositionFile, e2ePorts, removeComposition } from '../support/composition';
import { directives, remoteOrigins, watchViolations } from '../support/policy';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await removeComposition();
  await browser?.close();
});

describe('a remote composed in on a new origin', () => {
  it('follows the composition without a restart: a remote released on a new origin and composed in runs; composed out, its origin is gone', async () => {
    const manifest = process.env.E2E_THROWING_REMOTE_MANIFEST;
    if (!manifest) throw new Error('E2E_THROWING_REMOTE_MANIFEST is not set: run the e2e suite through jest');
    const newOrigin = new URL(manifest).origin;
    expect(remoteOrigins()).not.toContain(newOrigin);
    const before = directives((await fetch(shellUrl('/'))).headers.get('content-security-policy'));
    expect(before.get('script-src')).not.toContain(newOrigin);

    const composition = localComposition(e2ePorts(), 'localhost');
    composition.remotes['mfe-catalog'] = { version: '1.0.0', manifest };
    await fs.mkdir(path.dirname(compositionFile()), { recursive: true });
    await fs.writeFile(compositionFile(), JSON.stringify(composition));
    try {
      const composed = directives((await fetch(shellUrl('/'))).headers.get('content-security-policy'));
      expect(composed.get('script-src')).toContain(newOrigin);
      // The browser loads and runs the new origin's code (this build's home page throws inside
      // React, which shows the region's fallback: it ran).
      const { context, page } = await newShopper(browser);
      const violations = await watchViolations(page);
      const loaded: string[] = [];
      page.on('response', (answer) => {
        if (answer.url().startsWith(newOrigin) && answer.ok()) loaded.push(new URL(answer.url()).pathname);
      });
      await page.goto(shellUrl('/'));
      await page.getByTestId('remote-fallback').filter({ hasText: 'Sorry, the home page is not available right now.' }).waitFor({ timeout: 5000 });
      expect(loaded).toContain('/remoteEntry.js');
      expect(await violations()).toEqual([]);
      await context.close();
    } finally {
      await removeComposition();
    }
    const after = directives((await fetch(shellUrl('/'))).headers.get('content-security-policy'));
    expect(after.get('script-src')).not.toContain(newOrigin);
  });
});

describe('a remote whose component throws while rendering', () => {
  it('shows its fallback; the header, other pages and the cart are untouched', async () => {
    const manifest = process.env.E2E_THROWING_REMOTE_MANIFEST;
    if (!manifest) throw new Error('E2E_THROWING_REMOTE_MANIFEST is not set: run the e2e suite through jest');
    const composition = localComposition(e2ePorts(), 'localhost');
    composition.remotes['mfe-catalog'] = { version: '1.0.0', manifest };
    await fs.mkdir(path.dirname(compositionFile()), { recursive: true });
    await fs.writeFile(compositionFile(), JSON.stringify(composition));
    try {
      const { context, page } = await newShopper(browser);
      const uncaught: string[] = [];
      page.on('pageerror', (error) => uncaught.push(error.message));
      await page.goto(shellUrl('/'));
      // This build of the catalog throws while rendering its HomePage.
      const fallback = page.getByTestId('remote-fallback').filter({ hasText: 'Sorry, the home page is not available right now.' });
      await fallback.waitFor({ timeout: 3000 });
      await page.getByRole('link', { name: 'Cart', exact: true }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
      expect(uncaught).toEqual([]);
      await context.close();
    } finally {
      await removeComposition();
    }
  });
});
