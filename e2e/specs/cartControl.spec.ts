/**
 * The cart team owns Add to Cart and the wishlist control wherever they appear: the product page
 * (its panel, sticky bar and quick view) and the cards draw mfe-cart's AddToCart and
 * WishlistToggle, filled in by the shell in the browser and by the edge on the server. A cart that
 * cannot load leaves the product on show. (Shipping a change by releasing mfe-cart alone:
 * cartRelease.spec.ts.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { launchBrowser, newShopper, remoteUrls, shellUrl } from '../support/browser';
import { recordedTexts, recordTexts } from '../support/transitions';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The wishlist's answers come slowly, as on a busy phone network: what a control shows while it waits is on screen long enough to read. */
async function slowWishlistReads(context: BrowserContext): Promise<void> {
  await context.route('**/api/wishlist', async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fallback();
  });
}

/** Records, from now on, each state the product's heart shows in turn (its name, and "busy" while it works). */
async function recordHeartStates(page: Page, productName: string): Promise<void> {
  await page.evaluate((name) => {
    const seen: string[] = [];
    (window as unknown as { heartStates: string[] }).heartStates = seen;
    const read = () => {
      const labels = [`Add ${name} to wishlist`, `Remove ${name} from wishlist`];
      const heart = [...document.querySelectorAll('button[aria-pressed]')].find((button) => labels.includes(button.getAttribute('aria-label') ?? ''));
      if (!heart) return 'none';
      return `${heart.getAttribute('aria-label') ?? ''}${heart.getAttribute('aria-busy') === 'true' ? ' (busy)' : ''}`;
    };
    seen.push(read());
    new MutationObserver(() => {
      const state = read();
      if (seen.at(-1) !== state) seen.push(state);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, productName);
}

describe("the cart's Add to Cart and header buttons, on other teams' pages", () => {
  it("draws the cart's wishlist button and hearts in the server's page, filled for a shopper's wishlist, and takes them over without asking for the wishlist again", async () => {
    const product = await simpleProductInStock();
    const { context, page } = await newShopper(browser);
    expect((await context.request.post(shellUrl('/api/wishlist'), { data: { id: product.id } })).status()).toBe(201);
    // Drawn once before: a cold render on a busy machine may miss the server-render limit, and the browser would draw the page itself.
    await context.request.get(shellUrl(`/product?id=${product.link}`));
    const wishlistReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/wishlist' && request.method() === 'GET') wishlistReads.push(request.url());
    });
    await page.goto(shellUrl(`/product?id=${product.link}`));
    const region = page.locator('[data-remote="mfe-product"]');
    const goTo = region.getByRole('button', { name: 'Go to Wishlist' });
    await goTo.waitFor();
    // Taken over (the island's code in and hydrated) and settled: the page's answer was enough.
    await page.waitForFunction(() => !document.querySelector('[data-await-hydration]'));
    await page.waitForLoadState('networkidle');
    expect(wishlistReads).toEqual([]);
    const removed = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/wishlist/') && response.request().method() === 'DELETE');
    await goTo.click();
    expect((await removed).ok()).toBe(true);
    await region.getByRole('button', { name: 'Add to Wishlist' }).waitFor();
    await context.close();

    // A shop page's card: the heart pressed for a product in the wishlist, drawn by the server.
    const shopper = await newShopper(browser);
    expect((await shopper.context.request.post(shellUrl('/api/wishlist'), { data: { id: product.id } })).status()).toBe(201);
    await shopper.page.goto(shellUrl(`/shop?search=${encodeURIComponent(product.name)}`));
    const heart = shopper.page.getByRole('button', { name: `Remove ${product.name} from wishlist` }).first();
    await heart.waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await shopper.context.close();
  });

  it('"Add to Wishlist" turns straight from "Adding…" into "Go to Wishlist", and a card\'s heart straight into pressed, however slowly the wishlist is read again', async () => {
    const product = await simpleProductInStock();
    const { context, page } = await newShopper(browser);
    await slowWishlistReads(context);
    await page.goto(shellUrl(`/product?id=${product.link}`));
    const region = page.locator('[data-remote="mfe-product"]');
    const add = region.getByRole('button', { name: 'Add to Wishlist' });
    await add.waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-await-hydration]'));
    await recordTexts(page);
    await add.click();
    await region.getByRole('button', { name: 'Go to Wishlist' }).waitFor();
    const seenTexts = await recordedTexts(page);
    const fromAdding = seenTexts.slice(seenTexts.findIndex((text) => text.includes('Adding…')));
    expect(fromAdding[0]).toContain('Adding…');
    expect(fromAdding.filter((text) => text.includes('Add to Wishlist'))).toEqual([]);
    await context.close();

    const shopper = await newShopper(browser);
    await slowWishlistReads(shopper.context);
    await shopper.page.goto(shellUrl(`/shop?search=${encodeURIComponent(product.name)}`));
    const heart = shopper.page.getByRole('button', { name: `Add ${product.name} to wishlist` }).first();
    await heart.waitFor();
    await shopper.page.waitForFunction(() => !document.querySelector('[data-await-hydration]'));
    await recordHeartStates(shopper.page, product.name);
    await heart.click();
    await shopper.page.getByRole('button', { name: `Remove ${product.name} from wishlist` }).first().waitFor();
    const states = await shopper.page.evaluate(() => (window as unknown as { heartStates: string[] }).heartStates);
    expect(states).toEqual([`Add ${product.name} to wishlist`, `Add ${product.name} to wishlist (busy)`, `Remove ${product.name} from wishlist`]);
    await shopper.context.close();
  }, 60_000);

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
    // The wishlist button is the cart's too: left out, rather than a button that could not work.
    expect(await region.getByRole('button', { name: /Wishlist/ }).count()).toBe(0);
    expect(await region.getByRole('button', { name: 'Add to Cart', exact: true }).count()).toBe(0);
    // The header and the rest of the store work on; in place of the cart's header buttons, plain links to the cart and wishlist pages.
    expect(await page.getByRole('link', { name: 'Jacaranda home' }).isVisible()).toBe(true);
    await page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Wishlist', exact: true }).getAttribute('href')).toBe('/wishlist');
    expect(uncaught).toEqual([]);
    await context.close();
  });
});
