import type { Browser, Page } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { collectPageErrors, launchBrowser, newShopper, remoteUrls, shellUrl } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The badge shows 0 until the cart arrives; wait for the cart answer before reading it. */
async function cartCountAfterLoad(page: Page, navigate: () => Promise<unknown>): Promise<string> {
  const cartAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/cart' && response.request().method() === 'GET');
  await navigate();
  await cartAnswer;
  await page.waitForTimeout(50);
  return (await page.getByTestId('cart-count').textContent()) ?? '';
}

describe('the composed storefront', () => {
  it('home lists products with R prices, from the catalog remote on its own origin', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/'));
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    const prices = await page.locator('[data-testid="product-card"] .sf-price').allTextContents();
    expect(prices.length).toBeGreaterThanOrEqual(4);
    for (const price of prices) expect(price).toMatch(/^R\d{1,3}(,\d{3})*\.\d{2}/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads each of the four remotes from its own origin, none from the shell', async () => {
    const { context, page } = await newShopper(browser);
    const entries = new Map<string, string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('/remoteEntry.js') && response.ok()) entries.set(url.href, url.origin);
    });
    const product = await simpleProductInStock();
    await page.goto(shellUrl('/'));
    await page.getByTestId('product-card').first().waitFor();
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: /^Cart,/ }).click();
    await page.getByText('No products in the cart.').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();

    const origins = new Set(entries.values());
    const expected = Object.values(remoteUrls()).map((url) => new URL(url).origin.replace('localhost', '127.0.0.1'));
    const seen = [...origins].map((origin) => origin.replace('localhost', '127.0.0.1'));
    expect(seen.sort()).toEqual([...new Set(expected)].sort());
    expect(seen).not.toContain(new URL(shellUrl('/')).origin.replace('localhost', '127.0.0.1'));
    await context.close();
  });

  it('adds a product to the cart from its page: toast, badge, kept on reload, private to the shopper', async () => {
    const product = await simpleProductInStock();
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);

    expect(await cartCountAfterLoad(page, () => page.goto(shellUrl(`/product?id=${product.link}`)))).toBe('0');
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();

    await page.getByText(`${product.name} has been added to cart`).waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor({ timeout: 5000 });

    expect(await cartCountAfterLoad(page, () => page.reload())).toBe('1');

    await page.getByRole('button', { name: /^Cart,/ }).click();
    await page.getByTestId('cart-line').filter({ hasText: product.name }).waitFor();

    const other = await newShopper(browser);
    expect(await cartCountAfterLoad(other.page, () => other.page.goto(shellUrl('/')))).toBe('0');
    await other.context.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the cart page with the line, its total and removal', async () => {
    const product = await simpleProductInStock();
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText(`${product.name} has been added to cart`).waitFor();

    await page.goto(shellUrl('/cart'));
    const line = page.getByTestId('cart-line').filter({ hasText: product.name });
    await line.waitFor();
    await page.getByRole('button', { name: `Remove ${product.name} from cart` }).click();
    await page.getByText(`${product.name} has been removed from cart`).waitFor();
    await page.getByText('No products in the cart.').waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '0' }).waitFor();
    await context.close();
  });

  it('keeps a failed remote to its own region: the header and other pages work on', async () => {
    const { context, page } = await newShopper(browser);
    const product = await simpleProductInStock();
    await page.route(/\/remoteEntry\.js$/, (route) =>
      new URL(route.request().url()).origin === new URL(remoteUrls()['mfe-product'] ?? '').origin ? route.abort() : route.continue(),
    );
    await page.goto(shellUrl(`/product?id=${product.link}`));
    // The server's page is in view meanwhile; the region says it is slow, then that it failed
    // (its entry is tried again, and its last known good version, first).
    await page.getByTestId('remote-fallback').filter({ hasText: 'the product page is not available' }).waitFor();
    await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('cart-count').isVisible()).toBe(true);
    await context.close();
  });

  it('gives a first-time visitor one shopper, not one per parallel api call', async () => {
    const { context, page } = await newShopper(browser);
    const issued = new Set<string>();
    page.on('response', async (response) => {
      if (!new URL(response.url()).pathname.startsWith('/api/')) return;
      const setCookie = (await response.headersArray()).filter((header) => header.name.toLowerCase() === 'set-cookie');
      for (const header of setCookie) {
        const value = /sf_shopper=([^;]+)/.exec(header.value)?.[1];
        if (value) issued.add(value);
      }
    });
    await page.goto(shellUrl('/'), { waitUntil: 'networkidle' });
    expect(issued.size).toBe(1);
    const cookie = (await context.cookies()).find((item) => item.name === 'sf_shopper');
    expect(issued.has(cookie?.value ?? '')).toBe(true);
    await context.close();
  });
});
