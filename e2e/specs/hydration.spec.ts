/**
 * The page the server sends is live at once. The browser hydrates it (the shell's frame,
 * then the page's region as its remote's module arrives) instead of drawing it again; a tap made
 * before a part is hydrated takes effect once it is, and only once however often it was made
 * (edge/src/eventReplay.ts); links and the header's search work before any script.
 */
import type { Product } from '@storefront/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fetchProducts, otherSimpleProduct } from '../support/api';
import { collectPageErrors, launchBrowser, phoneContext, shellUrl } from '../support/browser';
import { e2ePorts } from '../support/composition';
import { cartOf } from '../support/shopperApi';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function simpleProduct(): Promise<Product> {
  const product = (await fetchProducts()).find((item) => !item.has_variants && !item.out_of_stock && item.available_stock >= 5);
  if (!product) throw new Error('the seeded catalogue has no simple product with 5 in stock');
  return product;
}

/**
 * Holds back the scripts `which` picks until the returned function lets them through: the
 * server's page is on the screen meanwhile and not yet hydrated, as on a slow phone, for as long
 * as the test needs (however slow the machine), not for a time on the clock.
 */
async function holdScripts(page: Page, which: (url: URL) => boolean): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js') && which(url),
    async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    },
  );
  return release;
}

const remoteScript = (remote: keyof ReturnType<typeof e2ePorts>['remotes']) => (url: URL) => url.port === String(e2ePorts().remotes[remote]);

/** Whether a part of the page is still the server's, waiting to be hydrated. */
const stillWaiting = (page: Page, selector: string) => page.evaluate((css) => document.querySelector(`${css}[data-await-hydration]`) !== null, selector);

/** Waits until every part of the page is hydrated. */
const hydrated = (page: Page) => page.waitForFunction("!document.querySelector('[data-await-hydration]')", undefined, { timeout: 20_000 });

async function addBeforeHydration(context: BrowserContext, address: string, button: (page: Page) => ReturnType<Page['getByRole']>, remote: 'mfe-catalog' | 'mfe-product', taps: number) {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const release = await holdScripts(page, remoteScript(remote));
  await page.goto(shellUrl(address), { waitUntil: 'commit' });
  const add = button(page);
  await add.waitFor({ state: 'visible' });
  expect(await stillWaiting(page, `[data-remote="${remote}"]`)).toBe(true);
  for (let tap = 0; tap < taps; tap += 1) await add.tap();
  // The taps were made on the server's HTML: the region was not hydrated yet.
  expect(await stillWaiting(page, `[data-remote="${remote}"]`)).toBe(true);
  release();
  await hydrated(page);
  await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).first().waitFor();
  // Time for a second add, had one been replayed.
  await page.waitForTimeout(1000);
  return { page, errors };
}

describe('a tap before the page is hydrated', () => {
  it('on the shop’s Add to Cart puts the product in the cart once it is, with quantity 1', async () => {
    const product = await simpleProduct();
    const context = await phoneContext(browser);
    const { page, errors } = await addBeforeHydration(
      context,
      `/shop?search=${encodeURIComponent(product.name)}`,
      (at) => at.getByRole('button', { name: `Add to Cart: ${product.name}`, exact: true }).first(),
      'mfe-catalog',
      1,
    );
    expect((await cartOf(page)).map((line) => [line.name, line.qty])).toEqual([[product.name, 1]]);
    await page.getByText(`${product.name} has been added to cart`).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a product’s Add to Cart, tapped three times in impatience, adds it once', async () => {
    const product = await simpleProduct();
    const context = await phoneContext(browser);
    const { page, errors } = await addBeforeHydration(
      context,
      `/product?id=${product.link}`,
      (at) => at.locator('[data-remote="mfe-product"]').getByRole('button', { name: 'Add to Cart', exact: true }).first(),
      'mfe-product',
      3,
    );
    expect((await cartOf(page)).map((line) => [line.name, line.qty])).toEqual([[product.name, 1]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the header’s menu button opens the menu once the shell is hydrated', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const release = await holdScripts(page, () => true);
    await page.goto(shellUrl('/'), { waitUntil: 'commit' });
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.waitFor({ state: 'visible' });
    expect(await stillWaiting(page, '#root')).toBe(true);
    await menu.tap();
    release();
    await page.locator('#mobile-menu').waitFor({ state: 'visible', timeout: 20_000 });
    await context.close();
  });
});

describe('the server’s page, hydrated', () => {
  const pages = async () => {
    const product = await simpleProduct();
    return ['/', '/shop', `/shop?category=Fashion&sort=price_asc`, `/product?id=${product.link}`, '/cart', '/wishlist', '/checkout', '/login', '/forgot-password'];
  };

  it.each([
    ['a phone', 412, null],
    ['a desktop', 1280, null],
    ['a phone, for a shopper whose cart and wishlist each hold a product', 412, 'cart and wishlist'],
    // The home and shop regions show the wishlist (their cards' hearts), not the cart, and another
    // product's page none of their cart: this shopper gets the guests' region in a header drawn
    // for them (edge/src/page.ts). Their own product's page starts at its quantity: drawn whole.
    ['a desktop, for a shopper whose cart alone holds a product', 1280, 'cart'],
    // Likewise the guests' region for a wishlist of products the page does not show (their hearts,
    // a product page's button: RegionRender.wishlistItemsOf), and drawn whole on its own product's page.
    ['a phone, for a shopper whose wishlist alone holds a product', 412, 'wishlist'],
  ] as const)('keeps every element the server sent, with no hydration mismatch, on every server-rendered page, on %s', async (_, width, withLists) => {
    const context = width < 500 ? await phoneContext(browser) : await browser.newContext({ viewport: { width, height: 900 } });
    if (withLists) {
      // The header's counts, drawn by the server for this shopper (shared/src/ssr/server.tsx), and hydrated as drawn.
      const product = await simpleProduct();
      if (withLists !== 'wishlist') expect((await context.request.post(shellUrl('/api/cart'), { data: { id: product.id, qty: 2 } })).status()).toBe(201);
      if (withLists !== 'cart') expect((await context.request.post(shellUrl('/api/wishlist'), { data: { id: product.id } })).status()).toBe(201);
    }
    const oneList = async () => {
      const inList = await simpleProduct();
      return ['/', '/shop', '/shop?category=Fashion&sort=price_asc', `/product?id=${(await otherSimpleProduct(inList)).link}`, `/product?id=${inList.link}`];
    };
    const addresses = withLists === 'cart' || withLists === 'wishlist' ? await oneList() : await pages();
    for (const address of addresses) {
      // Asked for once before: a cold render (on a busy 2-core machine) can miss the server-render
      // limit, and the page then comes for the browser to draw, with nothing to hydrate.
      await context.request.get(shellUrl(address));
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      // Scripts held back until the marks below are made on the server's elements.
      const release = await holdScripts(page, () => true);
      await page.goto(shellUrl(address), { waitUntil: 'commit' });
      await page.locator('[data-remote][data-await-hydration] *').first().waitFor({ state: 'attached' });
      const marked = await page.evaluate(() => {
        // Not the product's lower parts: the server's copy of them gives way to their own code when
        // they start on the first screen (mfe-product's LowerParts.tsx).
        const elements = [...document.querySelectorAll('#root header *, [data-remote] *')].filter((element) => !element.closest('[data-product-lower]'));
        (window as unknown as { marked: Element[] }).marked = elements;
        return elements.length;
      });
      expect(marked).toBeGreaterThan(5);
      if (withLists) {
        const [cart, wishlist] = [withLists === 'wishlist' ? '0' : '2', withLists === 'cart' ? '0' : '1'];
        expect([address, await page.getByTestId('cart-count').first().textContent(), await page.getByTestId('wishlist-count').first().textContent()]).toEqual([address, cart, wishlist]);
      }
      release();
      await hydrated(page);
      // Long enough for the page's own data to come and the page to settle.
      await page.waitForLoadState('networkidle');
      const kept = await page.evaluate(() => (window as unknown as { marked: Element[] }).marked.filter((element) => element.isConnected).length);
      // What the server drew is the page: hydration adopted its elements instead of drawing them again.
      // (A part that changes once the browser knows more, the cart's count, say, may be redrawn.)
      expect({ address, mostKept: kept / marked > 0.9 }).toEqual({ address, mostKept: true });
      expect(await page.locator('style[data-server-rendered]').count()).toBe(0);
      expect([address, errors]).toEqual([address, []]);
      await page.close();
    }
    await context.close();
  });
});

describe('before any script', () => {
  it('a link in the server’s page goes to its page, and the header’s search searches', async () => {
    const product = await simpleProduct();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(shellUrl(`/shop?search=${encodeURIComponent(product.name)}`), { waitUntil: 'commit' });
    await page.locator(`a[href*="${product.link}"]`).first().click();
    await page.waitForURL((url) => url.pathname === '/product');
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const search = page.getByRole('search', { name: 'Products' }).getByRole('searchbox');
    await search.fill('jacket');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('search') === 'jacket');
    await page.getByText(/Showing \d+–\d+ of \d+ products|results for/).first().waitFor();
    await context.close();
  });
});

describe('the server’s page names itself', () => {
  it('in its title and description, a product page after its product, and the browser keeps them up to date on the next page', async () => {
    const product = await simpleProduct();
    const html = await (await fetch(shellUrl(`/product?id=${product.link}`))).text();
    const escaped = product.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    expect(html).toContain(`<title>${escaped} | Jacaranda</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(shellUrl(`/product?id=${product.link}`));
    expect(await page.title()).toBe(`${product.name} | Jacaranda`);
    await page.getByRole('link', { name: 'All products' }).click();
    await page.waitForFunction(() => document.title === 'Shop | Jacaranda');
    await context.close();
  });
});
