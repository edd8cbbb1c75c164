import type { Product } from '@storefront/shared';
import type { Browser, Page } from 'playwright-core';
import { apiUrl } from '../support/api';
import { collectPageErrors, launchBrowser, newShopper, remoteUrls, shellUrl } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The api's own answer for a listing, to check the page against. */
async function listing(query: string): Promise<{ products: Product[]; total: number; showing: string | null }> {
  const response = await fetch(apiUrl(`/products?${query}`));
  if (!response.ok) throw new Error(`GET /products?${query} answered ${response.status}`);
  const showing = response.headers.get('x-search-showing');
  return {
    products: (await response.json()) as Product[],
    total: Number(response.headers.get('x-total-count')),
    showing: showing === null ? null : decodeURIComponent(showing),
  };
}

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });

async function cardNames(page: Page): Promise<string[]> {
  return page.locator('[data-testid="product-card"] h3').allTextContents();
}

/**
 * The cards' names once they are the expected ones, or what they are after 5 s. The shop draws
 * its cards in a transition, a moment after the count above them.
 */
async function settledCardNames(page: Page, expected: readonly string[]): Promise<string[]> {
  const deadline = Date.now() + 5000;
  let names = await cardNames(page);
  while (JSON.stringify(names) !== JSON.stringify(expected) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    names = await cardNames(page);
  }
  return names;
}

describe('the catalog', () => {
  it('searches from the header: the shell’s box until the catalog’s arrives when reached for, the typing going on in it, live results, then the right results on /shop', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    // The catalog's search module is held back until the shopper has typed in the shell's box.
    const catalogOrigin = new URL(remoteUrls()['mfe-catalog'] ?? 'http://missing-mfe-catalog-url').origin;
    const searchModule: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`${catalogOrigin}/**/__federation_expose_HeaderSearch.*`, async (route) => {
      searchModule.push(route.request().url());
      await released;
      await route.continue();
    });
    await page.goto(shellUrl('/'));
    await page.waitForLoadState('networkidle');
    expect(searchModule).toEqual([]);

    const plainBox = page.getByRole('searchbox', { name: 'Search products' });
    // Where the box and its parts sit: the catalog's box must take the same places.
    const places = () =>
      page.evaluate(() => [...document.querySelectorAll('.shell-header__search form, .shell-header__search form select, .shell-header__search form input, .shell-header__search form button')].map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return [element.tagName, Math.round(x), Math.round(y), Math.round(width), Math.round(height)].join(' ');
      }));
    const plainPlaces = await places();
    expect(plainPlaces).toHaveLength(4);
    await plainBox.click();
    await page.keyboard.type('hedph');
    expect(searchModule).toHaveLength(1);
    release();
    const field = page.getByRole('combobox', { name: 'Search products' });
    await field.waitFor();
    expect(await field.inputValue()).toBe('hedph');
    expect(await places()).toEqual(plainPlaces);
    // The catalog's box asked for "hedph" on arrival; the answer for the whole word comes after
    // that one, here a little late, as on a busy machine. Meanwhile the list must not pass the
    // answer for "hedph" (no products) off as this one's ("No products match “hedphones”").
    await page.route(
      (url) => url.pathname === '/api/search/suggest' && url.searchParams.get('q') === 'hedphones',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      },
    );
    // The focus went over with the text: the shopper types on.
    await page.keyboard.type('ones');
    expect(await field.inputValue()).toBe('hedphones');
    const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
    await suggestions.getByRole('option').first().waitFor();
    const shown = await suggestions.textContent();
    expect(shown).toMatch(/Headphones/);
    expect(shown).not.toMatch(/No products match/);

    await field.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('search') === 'hedphones');
    const expected = await listing('search=hedphones&limit=12');
    // The api searched the corrected spelling: the heading names the search whose products are shown.
    expect(expected.showing).toBe('headphones');
    await page.getByRole('heading', { level: 1, name: 'Results for “headphones”' }).waitFor();
    expect(expected.total).toBeGreaterThan(0);
    await page.getByText(`Showing 1–${Math.min(12, expected.total)} of ${expected.total} products`).waitFor();
    expect(await settledCardNames(page, expected.products.map((product) => product.name))).toEqual(expected.products.map((product) => product.name));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches within the category chosen in the header', async () => {
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl('/shop'));
    // Reaching for the box brings the catalog's, whose selector offers the categories.
    await page.getByLabel('Search in').hover();
    await page.getByLabel('Search in').selectOption('fashion');
    await page.getByRole('combobox', { name: 'Search products' }).fill('cotton');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.search === '?category=fashion&search=cotton');
    const expected = await listing('category=fashion&search=cotton&limit=12');
    await page.getByText(`Showing 1–${Math.min(12, expected.total)} of ${expected.total} products`).waitFor();
    expect(await settledCardNames(page, expected.products.map((product) => product.name))).toEqual(expected.products.map((product) => product.name));
    await context.close();
  });

  it('narrows the list with a category filter, kept in the URL through a reload and undone by Back', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/shop'));
    const all = await listing('limit=1');
    await page.getByText(`Showing 1–12 of ${all.total} products`).waitFor();

    await page.getByRole('complementary', { name: 'Filters' }).getByRole('button', { name: /^Electronics \(\d+\)$/ }).click();
    await page.waitForURL((url) => url.search === '?category=electronics');
    const electronics = await listing('category=electronics&limit=12');
    expect(electronics.total).toBeLessThan(all.total);
    await page.getByText(`Showing 1–${Math.min(12, electronics.total)} of ${electronics.total} products`).waitFor();
    expect(await settledCardNames(page, electronics.products.map((product) => product.name))).toEqual(electronics.products.map((product) => product.name));
    await page.getByRole('button', { name: 'Remove filter Category: Electronics' }).waitFor();

    await page.reload();
    await page.getByText(`Showing 1–${Math.min(12, electronics.total)} of ${electronics.total} products`).waitFor();
    await page.goBack();
    await page.getByText(`Showing 1–12 of ${all.total} products`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/shop/list, /shop/off-canvas and /shop/6cols each render their own layout', async () => {
    const { context, page } = await newShopper(browser);
    const columnsOf = () => productList(page).evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);

    await page.goto(shellUrl('/shop/list'));
    await page.locator('[data-layout="list"]').waitFor();
    await productList(page).waitFor();
    expect(await productList(page).getAttribute('data-view')).toBe('list');
    expect(await page.locator('.cat-card__description').first().isVisible()).toBe(true);
    expect(await page.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(true);
    const rowBox = await page.getByTestId('product-card').first().boundingBox();
    expect(rowBox?.width).toBeGreaterThan(600);

    await page.goto(shellUrl('/shop/off-canvas'));
    await page.locator('[data-layout="off-canvas"]').waitFor();
    await productList(page).waitFor();
    expect(await page.getByRole('complementary', { name: 'Filters' }).count()).toBe(0);
    expect(await columnsOf()).toBe(4);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('button', { name: /^Toys \(\d+\)$/ }).click();
    await page.waitForURL((url) => url.pathname === '/shop/off-canvas' && url.search === '?category=toys');
    await drawer.getByRole('button', { name: 'Show results' }).click();
    await drawer.waitFor({ state: 'detached' });

    await page.goto(shellUrl('/shop/6cols'));
    await page.locator('[data-layout="6cols"]').waitFor();
    await productList(page).waitFor();
    expect(await columnsOf()).toBe(6);
    await page.setViewportSize({ width: 700, height: 900 });
    expect(await columnsOf()).toBe(2);
    await context.close();
  });

  it('infinite scroll loads the next page near the end, then says when all are shown', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/shop/infinite-scroll?limit=36'));
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(36);
    const { total } = await listing('limit=1');

    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-card"]').length > 36);
    expect(await cards.count()).toBe(Math.min(72, total));
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const names = await cardNames(page);
    expect(new Set(names).size).toBe(names.length);

    for (let step = 0; step < 5 && (await cards.count()) < total; step += 1) {
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
    }
    await page.getByText(`You’ve seen all ${total} products.`).waitFor();
    expect(await cards.count()).toBe(total);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the quick view from a card and closes it 350 ms after a route change', async () => {
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl('/shop'));
    const first = (await listing('limit=1')).products[0];
    if (!first) throw new Error('empty catalogue');
    await page.getByRole('button', { name: `Quick view ${first.name}` }).click();
    const dialog = page.getByRole('dialog', { name: first.name });
    await dialog.waitFor();
    // The product remote's QuickView inside the shell's dialog: the gallery and the purchase panel.
    const content = dialog.getByTestId('quick-view');
    await content.waitFor();
    await content.getByRole('heading', { level: 2, name: first.name }).waitFor();
    expect(await content.getByRole('textbox', { name: 'Quantity', exact: true }).inputValue()).toBe('1');
    expect(await content.getByRole('button', { name: 'Add to Wishlist' }).isVisible()).toBe(true);

    // Timed in the page: when the URL changed, and when the dialog left the document.
    await page.evaluate(() => {
      const marks = { navigatedAt: 0, closedAt: 0 };
      Object.assign(window, { __quickViewMarks: marks });
      const start = location.href;
      const watch = () => {
        if (!marks.navigatedAt && location.href !== start) marks.navigatedAt = performance.now();
        if (marks.navigatedAt && !document.querySelector('[role="dialog"]')) marks.closedAt = performance.now();
        if (!marks.closedAt) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await dialog.getByRole('link', { name: 'View full details' }).click();
    await page.waitForURL((url) => url.pathname === '/product');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => (window as unknown as { __quickViewMarks: { closedAt: number } }).__quickViewMarks.closedAt > 0);
    const marks = await page.evaluate(() => (window as unknown as { __quickViewMarks: { navigatedAt: number; closedAt: number } }).__quickViewMarks);
    expect(marks.closedAt - marks.navigatedAt).toBeGreaterThanOrEqual(300);
    expect(marks.closedAt - marks.navigatedAt).toBeLessThan(1500);
    await context.close();
  });
});
