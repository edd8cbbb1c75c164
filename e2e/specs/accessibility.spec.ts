import type { Browser, Page } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, newShopper, shellUrl } from '../support/browser';

jest.setTimeout(90_000);

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
});
