/**
 * A search with a typo: the api searches the corrected text and says so (X-Search-Showing), and
 * the shop says which search it shows, above the products, at every width and in the server's page.
 */
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, PHONE_USER_AGENT, shellUrl } from '../support/browser';
import { sidewaysOverflow } from '../support/shopperApi';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** "jacket" with two neighbouring letters swapped; the seeded catalogue has several jackets. */
const TYPED = 'jakcet';
const SHOWING = 'jacket';

const notice = (page: Page) => page.getByRole('status').filter({ hasText: `Showing results for “${SHOWING}”` });

/** The one line that says which search is shown, and why. */
const SAYS = `Showing results for “${SHOWING}” — no results for “${TYPED}”`;

/** How often the shop page's own text says a phrase (the header's search box keeps the typed text, as a box, not as text). */
async function timesShopSays(page: Page, phrase: string): Promise<number> {
  const text = await page.locator('[data-remote="mfe-catalog"][data-remote-module="ShopPage"]').innerText();
  return text.split(phrase).length - 1;
}

async function cardNames(page: Page): Promise<string[]> {
  await page.getByTestId('product-card').first().waitFor();
  return page.locator('[data-testid="product-card"] h3').allTextContents();
}

/** Whether the notice fits the screen: inside its width, and none of its text scrolled or cut off. */
async function noticeFits(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const box = await notice(page).boundingBox();
  const clipped = await notice(page).evaluate((element) =>
    [element, ...element.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth && getComputedStyle(part).display !== 'inline'),
  );
  return {
    inside: box !== null && box.x >= 0 && box.x + box.width <= width,
    clipped,
    sideways: await sidewaysOverflow(page),
  };
}

describe('a search with a typo', () => {
  it('from the header’s search: the shop shows the corrected search’s products and says which search that is', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/'));
    // Reaching for the box brings the catalog's (a combobox, with its suggestions); the typing goes
    // over to it. The pointer coming over the box may bring it before the click: then that is
    // the box clicked.
    const box = page.getByRole('searchbox', { name: 'Search products' }).or(page.getByRole('combobox', { name: 'Search products' }));
    await box.click();
    await page.keyboard.type(TYPED);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('search') === TYPED);
    await notice(page).waitFor();
    expect(await notice(page).textContent()).toBe(SAYS);
    expect(await notice(page).locator('em').textContent()).toBe(SHOWING);
    expect((await cardNames(page)).filter((name) => name.includes('Jacket')).length).toBeGreaterThan(0);
    // One thing said, above the products: the heading names the search shown, and nothing says there are none.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Results for “${SHOWING}”`);
    expect(await timesShopSays(page, TYPED)).toBe(1);
    expect(await timesShopSays(page, 'No results')).toBe(0);
    expect(await noticeFits(page)).toEqual({ inside: true, clipped: false, sideways: 0 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('from the menu’s search at 375 px: the notice wraps to the screen, nothing scrolls sideways', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('searchbox', { name: 'Search products' }).fill(TYPED);
    await menu.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('search') === TYPED);
    await notice(page).waitFor();
    expect((await cardNames(page)).some((name) => name.includes('Jacket'))).toBe(true);
    expect(await noticeFits(page)).toEqual({ inside: true, clipped: false, sideways: 0 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1024 px, beside the filters’ sidebar, on the infinite list too', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    await page.goto(shellUrl(`/shop/infinite-scroll?search=${TYPED}`));
    await notice(page).waitFor();
    expect(await page.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(true);
    expect(await noticeFits(page)).toEqual({ inside: true, clipped: false, sideways: 0 });
    await context.close();
  });

  it('is in the page the server sends, and the browser hydrates it without a mismatch', async () => {
    const html = await (await fetch(shellUrl(`/shop?search=${TYPED}`), { headers: { 'User-Agent': PHONE_USER_AGENT } })).text();
    // React marks where one text ends and the next begins with empty comments.
    const root = html.slice(html.indexOf('<div id="root"')).replaceAll('<!-- -->', '');
    expect(root).toContain(`Showing results for “<em>${SHOWING}</em>”`);
    expect(root.replace(/<[^>]*>/g, '')).toContain(SAYS);
    expect(root).toContain(`<h1>Results for “${SHOWING}”</h1>`);
    expect(root).not.toContain(`Results for “${TYPED}”`);
    expect(root).not.toContain('No results for');

    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, userAgent: PHONE_USER_AGENT, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    // goto waits for the browser's hydration (support/browser.ts).
    await page.goto(shellUrl(`/shop?search=${TYPED}`));
    await page.waitForLoadState('networkidle');
    expect(await notice(page).count()).toBe(1);
    // A mismatch is reported to the console (shell/src/app/hydration.ts).
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says nothing of a correction for a search spelt right', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(shellUrl(`/shop?search=${SHOWING}`));
    expect((await cardNames(page)).some((name) => name.includes('Jacket'))).toBe(true);
    expect(await page.getByText('Showing results for').count()).toBe(0);
    await context.close();
  });
});
