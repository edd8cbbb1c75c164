/**
 * The cart team owns Add to Cart wherever it appears: the product page (its panel, sticky bar and
 * quick view) draws mfe-cart's AddToCart, filled in by the shell in the browser and by the edge on
 * the server. A change to adding ships by releasing mfe-cart alone, and a cart that cannot load
 * leaves the product on show.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { isReleased } from '../../edge/src/releaseStore';
import { ROOT } from '../../edge/src/packages';
import { simpleProductInStock } from '../support/api';
import { launchBrowser, newShopper, remoteUrls, shellUrl } from '../support/browser';
import { removeComposition, runTool } from '../support/composition';
import { compose } from '../support/releases';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await removeComposition();
  await browser?.close();
});

/** The cart's own words for its button, in the file its team would change. */
const LABEL_FILE = path.join(ROOT, 'mfe-cart', 'src', 'features', 'purchase', 'addToCartBlocker.ts');
const CHANGED_VERSION = '1.0.70';

/**
 * Releases mfe-cart at CHANGED_VERSION with its button saying "Add to Basket", as the cart team
 * would: an edit to its own source, a release, and the edit undone (the working tree is left as it was).
 */
async function releaseChangedCart(): Promise<void> {
  if (await isReleased('mfe-cart', CHANGED_VERSION)) return;
  const original = await fs.readFile(LABEL_FILE, 'utf8');
  const changed = original.replace("'Adding…' : 'Add to Cart'", "'Adding…' : 'Add to Basket'");
  if (changed === original) throw new Error(`${path.relative(ROOT, LABEL_FILE)} no longer says 'Add to Cart' where this test changes it`);
  await fs.writeFile(LABEL_FILE, changed);
  try {
    const run = await runTool('release', ['--remote', 'mfe-cart', '--version', CHANGED_VERSION]);
    if (run.code !== 0) throw new Error(`release of mfe-cart@${CHANGED_VERSION} failed:\n${run.output}`);
  } finally {
    await fs.writeFile(LABEL_FILE, original);
  }
}

describe("the cart's Add to Cart on the product page", () => {
  it('changes everywhere the product page shows it, drawn by the server too, when mfe-cart alone is released and composed', async () => {
    await releaseChangedCart();
    const product = await simpleProductInStock();
    await compose('set', `cart=${CHANGED_VERSION}`);
    try {
      // The server draws the product page with the composed cart's control.
      const html = await (await fetch(shellUrl(`/product?id=${product.link}`))).text();
      expect(html).toContain('Add to Basket');
      expect(html).toMatch(/data-remote="mfe-product"[^>]*data-remote-version="1\.0\.0"/);

      const { context, page } = await newShopper(browser);
      await page.goto(shellUrl(`/product?id=${product.link}`));
      const region = page.locator('[data-remote="mfe-product"]');
      const add = region.getByRole('button', { name: 'Add to Basket', exact: true });
      await add.waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-await-hydration]'));
      await add.click();
      await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).first().waitFor();
      await context.close();
    } finally {
      // Back to the working builds, which the other specs expect.
      await removeComposition();
    }
  });

  it('leaves the product on show, with a plain "unavailable" in its place, when the cart cannot be loaded', async () => {
    const product = await simpleProductInStock();
    const { context, page } = await newShopper(browser);
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    const cartOrigin = new URL(remoteUrls()['mfe-cart'] ?? '').origin;
    await context.route((url) => url.origin === cartOrigin, (route) => route.abort());

    await page.goto(shellUrl(`/product?id=${product.link}`));
    const region = page.locator('[data-remote="mfe-product"]');
    await region.getByText('Adding to the cart is unavailable right now.').waitFor();
    await region.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(await region.getByRole('button', { name: 'Add to Wishlist' }).isEnabled()).toBe(true);
    expect(await region.getByRole('button', { name: 'Add to Cart', exact: true }).count()).toBe(0);
    // The header and the rest of the store work on.
    expect(await page.getByRole('link', { name: 'Jacaranda home' }).isVisible()).toBe(true);
    expect(uncaught).toEqual([]);
    await context.close();
  });
});
