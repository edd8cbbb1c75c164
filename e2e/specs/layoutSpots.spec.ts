/**
 * The places whose layout once went wrong, checked at the widths they went wrong at: the header's
 * one row, the list dropdowns and the sticky add-to-cart bar on a phone, the product tabs, the shop's
 * eight columns, the end of the page above the bottom navbar, the search and newsletter
 * placeholders, the thumbnail strip's arrows. Every route at every width: layout.spec.ts.
 */
import type { Product } from '@storefront/shared';
import type { Browser, Locator } from 'playwright-core';
import { fetchProducts, simpleProductInStock } from '../support/api';
import { launchBrowser, pageAt } from '../support/browser';
import { coveredControls } from '../support/coverage';
import { variantProductInStock } from '../support/products';
import { sidewaysOverflow } from '../support/shopperApi';

let browser: Browser;
let product: Product;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await simpleProductInStock();
});

afterAll(async () => {
  await browser?.close();
});

it.each([992, 1024, 1100, 1165, 1200])('the desktop header keeps one row at %i px', async (width) => {
  const page = await pageAt(browser, width, '/');
  const bar = page.locator('.shell-header__bar');
  await page.getByRole('button', { name: /^Cart,/ }).waitFor();
  const [logo, cart] = await Promise.all([page.getByRole('link', { name: 'Jacaranda home' }).boundingBox(), page.getByRole('button', { name: /^Cart,/ }).boundingBox()]);
  expect(Math.abs((logo?.y ?? 0) + (logo?.height ?? 0) / 2 - ((cart?.y ?? 0) + (cart?.height ?? 0) / 2))).toBeLessThan(8);
  expect((await bar.boundingBox())?.height).toBeLessThan(80);
  await page.context().close();
});

it.each([320, 375, 390])('the wishlist and cart dropdowns open on screen at %i px', async (width) => {
  const page = await pageAt(browser, width, '/');
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
  await page.context().close();
});

describe('the sticky add-to-cart bar', () => {
  it.each([375, 390, 576])('can be tapped at %i px, above the bottom navbar', async (width) => {
    const page = await pageAt(browser, width, `/product?id=${product.link}`);
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
    await page.context().close();
  });

  it('on a product with colours and sizes, takes the shopper to the pickers and says why', async () => {
    const variant = await variantProductInStock();
    const page = await pageAt(browser, 390, `/product?id=${variant.link}`);
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
    await page.context().close();
  });
});

it('at 390 px every product tab is in view, none cut off', async () => {
  const page = await pageAt(browser, 390, `/product?id=${product.link}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  const tabs = page.locator('[data-product-lower]:not([data-server-copy])').getByRole('tab');
  await page.locator('[data-product-lower]').scrollIntoViewIfNeeded();
  await tabs.first().waitFor();
  const edges = await tabs.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
  expect(edges.length).toBeGreaterThanOrEqual(3);
  for (const right of edges) expect(right).toBeLessThanOrEqual(390);
  expect(await page.getByRole('tab', { name: 'Additional information' }).evaluate((tab) => tab.scrollWidth <= tab.clientWidth)).toBe(true);
  await page.context().close();
});

it('the eight-column shop at 1280 px keeps each card button on one line', async () => {
  const page = await pageAt(browser, 1280, '/shop/8cols');
  const buttons = page.locator('.cat-card__action');
  await buttons.first().waitFor();
  const heights = await buttons.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(8);
  for (const height of heights) expect(height).toBeLessThan(44);
  await page.context().close();
});

it('at 390 px the end of the page is above the bottom navbar and clear of Back to top', async () => {
  const page = await pageAt(browser, 390, '/');
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
  await page.context().close();
});

it('on the sticky-cart layout at 1024 and 1280 px, Back to top sits clear of the bar and its button', async () => {
  for (const width of [1024, 1280]) {
    const page = await pageAt(browser, width, `/product/sticky-cart?id=${product.link}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('.prd-sticky--shown').waitFor();
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    await backToTop.waitFor();
    await page.waitForTimeout(500);
    const [button, bar] = await Promise.all([backToTop.boundingBox(), page.getByTestId('sticky-add-to-cart').boundingBox()]);
    expect([width, (button?.y ?? 0) + (button?.height ?? 0) <= (bar?.y ?? 0)]).toEqual([width, true]);
    await page.context().close();
  }
});

/**
 * Whether a field's whole placeholder fits inside it, between its paddings: measured as text in the
 * field's font, and as the field draws it (the placeholder typed in, then taken out again).
 */
function placeholderFits(field: Locator): Promise<boolean> {
  return field.evaluate((input) => {
    const element = input as HTMLInputElement;
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return false;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const typed = element.value;
    element.value = element.placeholder;
    const drawn = element.scrollWidth <= element.clientWidth;
    element.value = typed;
    return drawn && context.measureText(element.placeholder).width <= room;
  });
}

it("at 320 and 390 px the mobile menu's search shows its whole placeholder", async () => {
  for (const width of [320, 390]) {
    const page = await pageAt(browser, width, '/');
    await page.getByRole('button', { name: /menu/i }).first().click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const field = menu.getByRole('searchbox').or(menu.getByRole('textbox')).first();
    await field.waitFor();
    expect([width, await placeholderFits(field)]).toEqual([width, true]);
    await page.context().close();
  }
});

it.each([992, 1024])("at %i px the header's search shows its whole placeholder", async (width) => {
  const page = await pageAt(browser, width, '/');
  const search = page.getByRole('banner').getByPlaceholder('Search products…').first();
  await search.waitFor();
  expect(await placeholderFits(search)).toBe(true);
  await page.context().close();
});

it("at 1024 px the footer's newsletter field is wide enough for an address and shows its whole placeholder", async () => {
  const page = await pageAt(browser, 1024, '/');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const newsletter = page.getByRole('contentinfo').getByLabel('Your email for our newsletter');
  await newsletter.waitFor();
  expect((await newsletter.boundingBox())?.width).toBeGreaterThanOrEqual(200);
  expect(await placeholderFits(newsletter)).toBe(true);
  await page.context().close();
});

it('at 375 px the arrows of the thumbnail strip sit beside the thumbnails, not on them', async () => {
  const pictured = (await fetchProducts()).find((item) => item.large_pictures.length > 4);
  if (!pictured) throw new Error('the seeded catalogue has no product with more than four pictures');
  const page = await pageAt(browser, 375, `/product?id=${pictured.link}`);
  await page.getByRole('heading', { level: 1, name: pictured.name }).waitFor();
  const strip = page.locator('.prd-gallery').first();
  await strip.getByRole('button', { name: 'Later pictures' }).waitFor();
  // The part of each thumbnail the strip shows, against each arrow, before and after scrolling it.
  const overlaps = () =>
    strip.evaluate((gallery) => {
      const track = gallery.querySelector('[aria-label="Pictures"]')?.getBoundingClientRect();
      if (!track) return ['no strip'];
      const found: string[] = [];
      for (const arrow of gallery.querySelectorAll('button[aria-label="Earlier pictures"], button[aria-label="Later pictures"]')) {
        const a = arrow.getBoundingClientRect();
        for (const thumb of gallery.querySelectorAll('button[aria-label^="Show picture"]')) {
          const t = thumb.getBoundingClientRect();
          const left = Math.max(t.left, track.left);
          const right = Math.min(t.right, track.right);
          if (right <= left) continue;
          if (a.left < right && left < a.right && a.top < t.bottom && t.top < a.bottom) found.push(`${arrow.getAttribute('aria-label')} on ${thumb.getAttribute('aria-label')}`);
        }
      }
      return found;
    });
  expect(await overlaps()).toEqual([]);
  await strip.getByRole('button', { name: 'Later pictures' }).click();
  await page.waitForTimeout(600);
  expect(await overlaps()).toEqual([]);
  await page.context().close();
});

it.each([320, 375])('at %i px the shop shows two cards a row, each whole', async (width) => {
  const page = await pageAt(browser, width, '/shop');
  await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
  const cards = page.getByTestId('product-card');
  await cards.nth(1).waitFor();
  const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
  expect(Math.abs((first?.y ?? 0) - (second?.y ?? -999))).toBeLessThan(1);
  expect((first?.x ?? 0) + (first?.width ?? 0)).toBeLessThanOrEqual(second?.x ?? 0);
  // Inside each card, its name, price, button and heart stay within the card, none clipped.
  const outside = await cards.evaluateAll((elements) =>
    elements.slice(0, 4).flatMap((card) => {
      const box = card.getBoundingClientRect();
      return [...card.querySelectorAll<HTMLElement>('h2, h3, a, button, [class*="price"]')]
        .filter((part) => {
          const own = part.getBoundingClientRect();
          if (own.width === 0) return false;
          return own.left < box.left - 0.5 || own.right > box.right + 0.5 || part.scrollWidth > part.clientWidth + 1;
        })
        .map((part) => `${part.tagName.toLowerCase()} "${(part.getAttribute('aria-label') ?? part.textContent ?? '').trim().slice(0, 30)}"`);
    }),
  );
  expect(outside).toEqual([]);
  // The toolbar's labels sit on the line of their own control, never at the end of the line above it.
  const apart = await page.getByRole('region', { name: 'Sort and view' }).evaluate((toolbar) =>
    [...toolbar.querySelectorAll('label')].flatMap((label) => {
      const control = document.getElementById(label.htmlFor);
      if (!control) return [`${label.textContent}: no control`];
      const l = label.getBoundingClientRect();
      const c = control.getBoundingClientRect();
      const middle = l.top + l.height / 2;
      return middle > c.top && middle < c.bottom && l.right <= c.left + 1 ? [] : [`${label.textContent} at ${Math.round(l.left)},${Math.round(l.top)}, its control at ${Math.round(c.left)},${Math.round(c.top)}`];
    }),
  );
  expect(apart).toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await coveredControls(page)).toEqual([]);
  await page.context().close();
});
