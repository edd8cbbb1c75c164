/**
 * One shopper with the same product open in several tabs, pressing Add to Cart in all of them at
 * once: every unit pressed for is in the cart (docs/decisions/0001-atomic-cart-adds.md).
 */
import type { CartItem, Product } from '@storefront/shared';
import { cartLineKey } from '@storefront/shared/domain';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { fetchProducts } from '../support/api';
import { collectPageErrors, launchBrowser, shellUrl } from '../support/browser';
import { postAsShopper } from '../support/shopperApi';

const TABS = 4;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A simple product with room in its stock for every add of these tests, so no add is capped. */
async function productWithRoom(): Promise<Product> {
  const product = (await fetchProducts()).find((item) => !item.has_variants && !item.out_of_stock && item.available_stock >= TABS * 2);
  if (!product) throw new Error(`the seeded catalogue has no simple product with ${TABS * 2} in stock`);
  return product;
}

async function openProductPage(page: Page, product: Product): Promise<void> {
  await page.goto(shellUrl(`/product?id=${product.link}`));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  // The quantity starts at what the cart holds: each tab must be about to add one unit.
  expect(await page.getByLabel('Quantity', { exact: true }).first().inputValue()).toBe('1');
}

/**
 * The shop's listing showing the product's card, whose Add to Cart adds one more to what the cart
 * holds (the product page shows the cart's quantity and sets it instead).
 */
async function openShopListing(page: Page, product: Product): Promise<void> {
  await page.goto(shellUrl(`/shop?search=${encodeURIComponent(product.name)}`));
  await addButton(page, product, 'card').waitFor();
}

type Where = 'product page' | 'card';

function addButton(page: Page, product: Product, where: Where) {
  return page.getByRole('button', { name: where === 'card' ? `Add to Cart: ${product.name}` : 'Add to Cart', exact: true }).first();
}

/**
 * The tabs, as one shopper: the first visit is given the shopper's cookie, and the other tabs open
 * once it has been, so they send it too. `beforeOthers` runs in the first tab before they open.
 */
async function openTabs(context: BrowserContext, product: Product, where: Where, beforeOthers?: (first: Page) => Promise<void>): Promise<Page[]> {
  const open = where === 'card' ? openShopListing : openProductPage;
  const first = await context.newPage();
  await open(first, product);
  await beforeOthers?.(first);
  const others = await Promise.all(
    Array.from({ length: TABS - 1 }, async () => {
      const page = await context.newPage();
      await open(page, product);
      return page;
    }),
  );
  return [first, ...others];
}

/**
 * Clicks sent together still reach the api milliseconds apart, and one tab's add finishing before
 * the next tab's began would hide a lost update. So each tab's first cart request (whatever the
 * client sends to add) is held until every tab has sent one, and they go on together. Reading the
 * whole cart is never held: it is what a tab does after adding.
 */
async function sendFirstCartRequestsTogether(context: BrowserContext): Promise<void> {
  const held: Route[] = [];
  let released = false;
  await context.route(
    (url) => url.pathname === '/api/cart' || url.pathname.startsWith('/api/cart/'),
    async (route) => {
      const request = route.request();
      const readsWholeCart = new URL(request.url()).pathname === '/api/cart' && request.method() === 'GET';
      if (released || readsWholeCart) return route.continue();
      held.push(route);
      if (held.length < TABS) return undefined;
      released = true;
      await Promise.all(held.map((waiting) => waiting.continue()));
      return undefined;
    },
  );
}

async function addInEveryTabAtOnce(tabs: Page[], product: Product, where: Where): Promise<void> {
  await Promise.all(tabs.map((page) => addButton(page, product, where).click()));
  await Promise.all(tabs.map((page) => page.getByText(`${product.name} has been added to cart`).first().waitFor()));
}

async function unitsInCart(context: BrowserContext, product: Product): Promise<number | undefined> {
  const cart = (await (await context.request.get(shellUrl('/api/cart'))).json()) as CartItem[];
  return cart.find((line) => line.id === cartLineKey(product))?.qty;
}

describe('one shopper adding from several tabs at once', () => {
  it(`ends with ${TABS} units when ${TABS} tabs each add one, with no failed request logged`, async () => {
    const product = await productWithRoom();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tabs = await openTabs(context, product, 'product page');
    const errors = tabs.map((page) => collectPageErrors(page));
    await sendFirstCartRequestsTogether(context);

    await addInEveryTabAtOnce(tabs, product, 'product page');

    expect(await unitsInCart(context, product)).toBe(TABS);
    const [first] = tabs;
    if (!first) throw new Error('no tab');
    await first.reload();
    await first.getByTestId('cart-count').filter({ hasText: new RegExp(`^${TABS}$`) }).waitFor();
    expect(errors.flat()).toEqual([]);
    await context.close();
  });

  it("adds one unit per tab to a line the cart already holds, from the shop's cards", async () => {
    const product = await productWithRoom();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tabs = await openTabs(context, product, 'card', (first) => postAsShopper(first, '/cart', { id: cartLineKey(product), qty: 1 }));
    await sendFirstCartRequestsTogether(context);

    await addInEveryTabAtOnce(tabs, product, 'card');

    expect(await unitsInCart(context, product)).toBe(1 + TABS);
    await context.close();
  });
});
