import type { Browser, Locator, Page } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, newShopper, shellUrl } from '../support/browser';
import { settled } from '../support/coverage';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Presses Tab (or Shift+Tab) until the focused element matches, as a keyboard-only shopper would; fails after `limit` presses. */
async function tabTo(page: Page, matches: (element: { tag: string; name: string; text: string }) => boolean, limit = 80, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(key);
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return { tag: element?.tagName ?? '', name: element?.getAttribute('aria-label') ?? '', text: (element?.textContent ?? '').trim() };
    });
    if (matches(focused)) return;
  }
  throw new Error(`nothing matching was reached in ${limit} presses of Tab`);
}

/**
 * Whether `locator`'s element shows whole where it is, nothing over it: its top and bottom edges,
 * at its middle, are the element's own (a point under the fixed header is the header's).
 */
async function uncovered(locator: Locator): Promise<{ top: number; bottom: number; covered: string[] }> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const middle = box.left + box.width / 2;
    const covered = [box.top + 2, box.bottom - 2].flatMap((y) => {
      const found = document.elementFromPoint(middle, y);
      return found && element.contains(found) ? [] : [`${found?.tagName ?? 'nothing'}.${found?.className ?? ''} at y ${Math.round(y)}`];
    });
    return { top: Math.round(box.top), bottom: Math.round(box.bottom), covered };
  });
}

/** Two frames: what a scroll set off (the header fixed, a bar shown) is drawn. */
const twoFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe('accessibility', () => {
  it('home, shop, product, cart and checkout have no serious or critical axe violations', async () => {
    const product = await simpleProductInStock();
    const { context, page } = await newShopper(browser);
    const found: Record<string, string[]> = {};

    await page.goto(shellUrl('/'));
    await page.getByTestId('product-card').first().waitFor();
    found.home = await seriousAxeViolations(page);

    await page.goto(shellUrl('/shop'));
    await page.getByTestId('product-card').first().waitFor();
    found.shop = await seriousAxeViolations(page);

    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    found.product = await seriousAxeViolations(page);

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();
    await page.goto(shellUrl('/cart'));
    await page.getByLabel(`Quantity of ${product.name}`).waitFor();
    found.cart = await seriousAxeViolations(page);

    await page.goto(shellUrl('/checkout'));
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    found.checkout = await seriousAxeViolations(page);

    expect(found).toEqual({ home: [], shop: [], product: [], cart: [], checkout: [] });
    await context.close();
  });

  it('the mobile header, its open menu, the bottom navbar and the wishlist page at 375 px have no serious or critical axe violations', async () => {
    const product = await simpleProductInStock();
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    await page.goto(shellUrl('/'));
    await page.getByTestId('product-card').first().waitFor();
    await page.evaluate(() => window.scrollTo({ top: 700, behavior: 'instant' }));
    await page.getByRole('navigation', { name: 'Quick links' }).waitFor();
    found.scrolled = await seriousAxeViolations(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Fashion' }).waitFor();
    found.menu = await seriousAxeViolations(page);

    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'Add to Wishlist' }).click();
    // The add waits a second before it is sent.
    await page.getByRole('button', { name: 'Go to Wishlist' }).waitFor();
    await page.goto(shellUrl('/wishlist'));
    await page.getByRole('button', { name: `Move to cart: ${product.name}` }).waitFor();
    found.wishlist = await seriousAxeViolations(page);
    expect(found).toEqual({ scrolled: [], menu: [], wishlist: [] });
    await context.close();
  });

  it('a keyboard-only shopper adds a product to the cart and reaches checkout', async () => {
    const product = await simpleProductInStock();
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    // The skip link comes first, then the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await tabTo(page, (element) => element.tag === 'BUTTON' && element.text === 'Add to Cart');
    await page.keyboard.press('Enter');
    await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();

    // Back to the header's cart, open its dropdown, and follow Checkout.
    await tabTo(page, (element) => element.name.startsWith('Cart,'), 120, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByTestId('cart-line').first().waitFor();
    await tabTo(page, (element) => element.tag === 'A' && element.text === 'Checkout', 30);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await context.close();
  });

  it('what the page is scrolled to stops clear of the fixed header (1280 and 375 px) and of the bars fixed to the bottom (375 px)', async () => {
    const product = await simpleProductInStock();
    for (const [width, height] of [[1280, 900], [375, 700]] as const) {
      // Without motion, so the sticky bar is where it ends up as soon as it shows.
      const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(shellUrl(`/product?id=${product.link}`));
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      const addToCart = page.locator('.cart-add__button--panel');
      // To the top of the screen, as "jump to" links and the product's "see the reviews" do: below the header, not under it.
      await page.mouse.wheel(0, 600);
      await page.locator('header[data-fixed="true"]').waitFor();
      await addToCart.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await twoFrames(page);
      const header = await page.getByRole('banner').evaluate((element) => Math.round(element.getBoundingClientRect().bottom));
      const atTop = await uncovered(addToCart);
      expect({ width, covered: atTop.covered, belowHeader: atTop.top >= header }).toEqual({ width, covered: [], belowHeader: true });
      if (width === 375) {
        // To the bottom of the screen, as Tab does going down the page: above the bars fixed there
        // on a phone (the bottom navbar, and the product's sticky Add to Cart once the page's own
        // is out of sight).
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.locator('.prd-sticky--shown').waitFor();
        await twoFrames(page);
        const footerLink = page.locator('footer a').first();
        await footerLink.evaluate((element) => element.scrollIntoView({ block: 'end' }));
        await twoFrames(page);
        expect((await uncovered(footerLink)).covered).toEqual([]);
      }
      await context.close();
    }
  });

  it('at 375 px, every control Tab reaches down the product page is on the screen, clear of the header and the bars fixed to the bottom', async () => {
    const product = await simpleProductInStock();
    const context = await browser.newContext({ viewport: { width: 375, height: 700 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    // The related products, which come as the shopper nears them, drawn before Tab goes down the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByTestId('related-product').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const hidden: string[] = [];
    const reached = new Set<string>();
    for (let presses = 0; presses < 250; presses += 1) {
      await page.keyboard.press('Tab');
      // Where it comes to rest: the header turning fixed or the sticky bar showing may still move the page.
      await settled(page);
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const box = element.getBoundingClientRect();
        const middle = box.left + box.width / 2;
        // What lies over its top or bottom edge, unless it is a bar fixed to the screen that holds it.
        const covered = [box.top + 2, box.bottom - 2].some((y) => {
          if (y < 0 || y > window.innerHeight) return true;
          for (let found = document.elementFromPoint(middle, y); found; found = found.parentElement) {
            if (found.contains(element)) return false;
            const { position } = getComputedStyle(found);
            if (position === 'fixed' || position === 'sticky') return true;
          }
          return false;
        });
        const name = `${element.tagName} “${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}”`;
        return { name, covered, top: Math.round(box.top), footer: element.closest('footer') !== null, sticky: document.querySelector('.prd-sticky--shown') !== null };
      });
      if (!focused) break;
      reached.add(focused.footer ? 'footer' : focused.sticky ? 'with the sticky bar shown' : 'page');
      if (focused.covered) hidden.push(`${focused.name} at y ${focused.top}`);
    }
    // The walk went past the sticky bar's showing, down to the footer.
    expect([...reached]).toEqual(expect.arrayContaining(['with the sticky bar shown', 'footer']));
    expect(hidden).toEqual([]);
    await context.close();
  });
});
