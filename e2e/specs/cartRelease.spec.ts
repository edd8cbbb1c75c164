/**
 * A change to the cart's Add to Cart, wishlist and header buttons ships by releasing mfe-cart
 * alone: composed in, every page that shows them (other teams' pages too) shows the change, in
 * the server's page and in the browser. It sets the live composition, so it runs on a store of
 * its own, one spec at a time (scripts/lib/aloneSpecs.ts).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { isReleased } from '@storefront/edge/release-store';
import { ROOT } from '@storefront/edge/packages';
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

/** The cart's own words for its buttons (the product page's, the cards'), its wishlist button and its header button, in the files its team would change. */
const EDITS = [
  { file: path.join(ROOT, 'mfe-cart', 'src', 'features', 'purchase', 'addToCartBlocker.ts'), from: "'Adding…' : 'Add to Cart'", to: "'Adding…' : 'Add to Basket'" },
  { file: path.join(ROOT, 'mfe-cart', 'src', 'features', 'purchase', 'AddToCart.tsx'), from: "isLoading ? 'Adding…' : 'Add to Cart'", to: "isLoading ? 'Adding…' : 'Add to Basket'" },
  { file: path.join(ROOT, 'mfe-cart', 'src', 'features', 'header', 'HeaderLists.tsx'), from: "cart: 'Cart' }", to: "cart: 'Basket' }" },
  { file: path.join(ROOT, 'mfe-cart', 'src', 'features', 'wishlist', 'WishlistToggle.tsx'), from: "'Adding…' : 'Add to Wishlist'", to: "'Adding…' : 'Save to Wishlist'" },
];
const CHANGED_VERSION = '1.0.72';

/**
 * Releases mfe-cart at CHANGED_VERSION saying "Basket" where it said "Cart" (its Add to Cart
 * button and its header button) and "Save to Wishlist" for "Add to Wishlist", as the cart team
 * would: an edit to its own source, a release, and the edit undone (the working tree is left as
 * it was).
 */
async function releaseChangedCart(): Promise<void> {
  if (await isReleased('mfe-cart', CHANGED_VERSION)) return;
  const originals = await Promise.all(EDITS.map(({ file }) => fs.readFile(file, 'utf8')));
  try {
    await Promise.all(
      EDITS.map(({ file, from, to }, index) => {
        const original = originals[index] ?? '';
        if (!original.includes(from)) throw new Error(`${path.relative(ROOT, file)} no longer says ${from} where this test changes it`);
        return fs.writeFile(file, original.replace(from, to));
      }),
    );
    const run = await runTool('release', ['--remote', 'mfe-cart', '--version', CHANGED_VERSION]);
    if (run.code !== 0) throw new Error(`release of mfe-cart@${CHANGED_VERSION} failed:\n${run.output}`);
  } finally {
    await Promise.all(EDITS.map(({ file }, index) => fs.writeFile(file, originals[index] ?? '')));
  }
}

describe("the cart's Add to Cart and header buttons, on other teams' pages", () => {
  it('change everywhere they are shown, drawn by the server too, when mfe-cart alone is released and composed', async () => {
    await releaseChangedCart();
    // The release publishes its exposed modules' types beside its manifest, which compose compiles consumers' uses against.
    const types = await fetch(`${new URL(remoteUrls()['mfe-cart'] ?? '').origin}/releases/${CHANGED_VERSION}/types/index.d.ts`);
    expect(types.status).toBe(200);
    expect(await types.text()).toMatch(/declare module 'mfe-cart\/AddToCart' \{\n {2}export type Props = \{ product: unknown;[^\n]*place: "panel" \| "bar" \| "card"/);
    const product = await simpleProductInStock();
    await compose('set', `cart=${CHANGED_VERSION}`);
    try {
      // The server draws the product page with the composed cart's control, and the header with its button.
      const html = await (await fetch(shellUrl(`/product?id=${product.link}`))).text();
      expect(html).toContain('Add to Basket');
      expect(html).toContain('aria-label="Basket, 0 items"');
      expect(html).toContain('>Save to Wishlist</button>');
      expect(html).toMatch(/data-remote="mfe-product"[^>]*data-remote-version="1\.0\.0"/);
      // The shop's cards, and the header of a page of the shell's own.
      const shop = await (await fetch(shellUrl('/shop'))).text();
      expect(shop).toContain('aria-label="Basket, 0 items"');
      expect(shop).toContain('>Add to Basket</button>');
      expect(await (await fetch(shellUrl('/about'))).text()).toContain('aria-label="Basket, 0 items"');

      const { context, page } = await newShopper(browser);
      await page.goto(shellUrl(`/product?id=${product.link}`));
      const region = page.locator('[data-remote="mfe-product"]');
      const add = region.getByRole('button', { name: 'Add to Basket', exact: true });
      await add.waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-await-hydration]'));
      await add.click();
      await page.getByRole('button', { name: 'Basket, 1 item' }).waitFor();
      await context.close();
    } finally {
      // Back to the working builds, which the other specs expect.
      await removeComposition();
    }
  }, 180_000); // it builds a release (client and server) first: minutes on a busy 2-core machine
});
