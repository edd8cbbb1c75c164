/**
 * Nothing covered, cut off, wrapped or scrolling sideways (issue 31): the store's main pages at
 * 375, 1024 and 1280 px with every visible control hit-tested at its centre, and the places that
 * went wrong checked at the widths they went wrong at.
 */
import type { Product } from '@storefront/shared';
import type { Browser, Page } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { launchBrowser, shellUrl } from '../support/browser';
import { coveredControls } from '../support/coverage';
import { variantProductInStock } from '../support/products';
import { postAsShopper, sidewaysOverflow } from '../support/shopperApi';

jest.setTimeout(60_000);

let browser: Browser;
let product: Product;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await simpleProductInStock();
});

afterAll(async () => {
  await browser?.close();
});

async function openAt(width: number, address: string, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await page.goto(shellUrl(address));
  return page;
}

const close = (page: Page) => page.context().close();

describe.each([375, 1024, 1280])('at %i px', (width) => {
  it.each([
    ['home', '/', 'Style and gear for every season'],
    ['shop', '/shop', 'Shop'],
    ['a product', 'product', ''],
    ['cart', '/cart', 'Cart'],
    ['checkout', '/checkout', 'Checkout'],
  ])('%s: no control covered, nothing scrolling sideways', async (_name, address, heading) => {
    const page = await openAt(width, address === 'product' ? `/product?id=${product.link}` : '/');
    if (address === '/cart' || address === '/checkout') {
      // With a line in the cart, so the page shows its form and buttons, not its empty state.
      await postAsShopper(page, '/cart', { id: product.id, qty: 1 });
    }
    if (address !== 'product') await page.goto(shellUrl(address));
    await page.getByRole('heading', { level: 1, name: heading || product.name }).first().waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await coveredControls(page)).toEqual([]);
    await close(page);
  });
});

it.each([992, 1024, 1100, 1165, 1200])('the desktop header keeps one row at %i px', async (width) => {
  const page = await openAt(width, '/');
  const bar = page.locator('.shell-header__bar');
  await page.getByRole('button', { name: /^Cart,/ }).waitFor();
  const [logo, cart] = await Promise.all([page.getByRole('link', { name: 'Jacaranda home' }).boundingBox(), page.getByRole('button', { name: /^Cart,/ }).boundingBox()]);
  expect(Math.abs((logo?.y ?? 0) + (logo?.height ?? 0) / 2 - ((cart?.y ?? 0) + (cart?.height ?? 0) / 2))).toBeLessThan(8);
  expect((await bar.boundingBox())?.height).toBeLessThan(80);
  await close(page);
});

it.each([320, 375, 390])('the wishlist and cart dropdowns open on screen at %i px', async (width) => {
  const page = await openAt(width, '/');
  for (const name of [/^Wishlist,/, /^Cart,/]) {
    await page.getByRole('button', { name }).click();
    const panel = page.locator('.crt-lists__panel');
    await panel.waitFor();
    const box = await panel.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  }
  await close(page);
});

describe('the sticky add-to-cart bar', () => {
  it.each([375, 390, 576])('can be tapped at %i px, above the bottom navbar', async (width) => {
    const page = await openAt(width, `/product?id=${product.link}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const bar = page.getByTestId('sticky-add-to-cart');
    await page.locator('.prd-sticky--shown').waitFor();
    await page.waitForTimeout(500);
    const add = bar.getByRole('button', { name: /Add to Cart|Update cart/ });
    const reachable = await add.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && button.contains(hit) && box.bottom <= window.innerHeight;
    });
    expect(reachable).toBe(true);
    await add.click();
    await page.getByText(`${product.name} has been added to cart`).first().waitFor();
    await close(page);
  });

  it('on a product with colours and sizes, takes the shopper to the pickers and says why', async () => {
    const variant = await variantProductInStock();
    const page = await openAt(390, `/product?id=${variant.link}`);
    await page.getByRole('heading', { level: 1, name: variant.name }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const bar = page.getByTestId('sticky-add-to-cart');
    await page.locator('.prd-sticky--shown').waitFor();
    await bar.getByText('Choose a colour and a size.').waitFor();
    await bar.getByRole('button', { name: 'Choose options' }).click();
    const pickers = page.locator('[data-variant-pickers]').first();
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-variant-pickers]')?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(await pickers.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await close(page);
  });
});

it('at 390 px every product tab is in view, none cut off', async () => {
  const page = await openAt(390, `/product?id=${product.link}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  const tabs = page.locator('[data-product-lower]:not([data-server-copy])').getByRole('tab');
  await page.locator('[data-product-lower]').scrollIntoViewIfNeeded();
  await tabs.first().waitFor();
  const edges = await tabs.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
  expect(edges.length).toBeGreaterThanOrEqual(3);
  for (const right of edges) expect(right).toBeLessThanOrEqual(390);
  expect(await page.getByRole('tab', { name: 'Additional information' }).evaluate((tab) => tab.scrollWidth <= tab.clientWidth)).toBe(true);
  await close(page);
});

it('the eight-column shop at 1280 px keeps each card button on one line', async () => {
  const page = await openAt(1280, '/shop/8cols');
  const buttons = page.locator('.cat-card__action');
  await buttons.first().waitFor();
  const heights = await buttons.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(8);
  for (const height of heights) expect(height).toBeLessThan(44);
  await close(page);
});

it('at 390 px the end of the page is above the bottom navbar and clear of Back to top', async () => {
  const page = await openAt(390, '/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByTestId('bottom-navbar').waitFor();
  await page.waitForTimeout(500);
  const [legal, subscribe, navbar, backToTop] = await Promise.all([
    page.locator('.shell-footer__legal').boundingBox(),
    page.getByRole('button', { name: 'Subscribe' }).boundingBox(),
    page.getByTestId('bottom-navbar').boundingBox(),
    page.getByRole('button', { name: /back to top/i }).boundingBox(),
  ]);
  expect((legal?.y ?? 0) + (legal?.height ?? 0)).toBeLessThanOrEqual(navbar?.y ?? 0);
  const overlaps = (a: typeof legal, b: typeof legal) =>
    !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps(subscribe, backToTop)).toBe(false);
  await close(page);
});

it('on the sticky-cart layout at 1024 and 1280 px, Back to top sits clear of the bar and its button', async () => {
  for (const width of [1024, 1280]) {
    const page = await openAt(width, `/product/sticky-cart?id=${product.link}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('.prd-sticky--shown').waitFor();
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    await backToTop.waitFor();
    await page.waitForTimeout(500);
    const [button, bar] = await Promise.all([backToTop.boundingBox(), page.getByTestId('sticky-add-to-cart').boundingBox()]);
    expect([width, (button?.y ?? 0) + (button?.height ?? 0) <= (bar?.y ?? 0)]).toEqual([width, true]);
    await close(page);
  }
});

it("at 320 and 390 px the mobile menu's search shows its whole placeholder", async () => {
  for (const width of [320, 390]) {
    const page = await openAt(width, '/');
    await page.getByRole('button', { name: /menu/i }).first().click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const field = menu.getByRole('searchbox').or(menu.getByRole('textbox')).first();
    await field.waitFor();
    const fits = await field.evaluate((input) => {
      const element = input as HTMLInputElement;
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return false;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return context.measureText(element.placeholder).width <= room;
    });
    expect([width, fits]).toEqual([width, true]);
    await close(page);
  }
});
