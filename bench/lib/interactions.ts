/**
 * Taps on the throttled phone once the page is in: the longest event of each (what INP counts),
 * for adding to the cart, opening the shop's filter drawer and the cart dropdown. Sections 5 and
 * 6 measure the same three the same way.
 */
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { AWAITING_BROWSER, phoneContext, readPage, throttle } from './frontEnd';

/** A page of a new phone's browser context under Lighthouse's mobile throttling. */
export async function throttled(browser: Browser): Promise<{ page: Page; cdp: CDPSession; close: () => Promise<void> }> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  return { page, cdp, close: () => context.close() };
}

export interface Interaction {
  name: string;
  path: string;
  control: (page: Page) => Locator;
}

/** The three interactions, the first on the page of the product `productPath` opens. */
export function interactionsOf(productPath: string): Interaction[] {
  return [
    { name: 'add to cart (product page)', path: productPath, control: (page) => page.locator('[data-remote="mfe-product"]').getByRole('button', { name: 'Add to Cart', exact: true }).first() },
    { name: 'open the filter drawer (shop)', path: '/shop', control: (page) => page.getByRole('button', { name: 'Filters', exact: true }) },
    { name: 'open the cart dropdown (header)', path: '/', control: (page) => page.getByRole('button', { name: /^Cart,/ }) },
  ];
}

/**
 * One visit: the page loaded and live (no part of it awaiting the browser), the control scrolled
 * into view, a second's pause, then a tap; the longest event the tap caused, in ms.
 */
export async function measureInteraction(browser: Browser, url: string, control: (page: Page) => Locator): Promise<number> {
  const { page, cdp, close } = await throttled(browser);
  try {
    await page.goto(url);
    await page.waitForFunction(`!document.querySelector('${AWAITING_BROWSER}')`, undefined, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await control(page).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await readPage(
      cdp,
      `(() => { window.__events = []; new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (e.interactionId) window.__events.push(e.duration); })).observe({ type: 'event', durationThreshold: 16, buffered: false }); return true; })()`,
    );
    await control(page).tap();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const durations = await readPage<number[]>(cdp, 'window.__events');
    return Math.max(0, ...durations);
  } finally {
    await close();
  }
}

export interface ListedProduct {
  id: string;
  link: string;
  name: string;
  has_variants: boolean;
  out_of_stock: boolean;
  available_stock: number;
}

/** The api's most popular products, and among them one without variants in stock to add (plenty of it, if one has). */
export async function productToAdd(apiUrl: string): Promise<{ products: ListedProduct[]; product: ListedProduct }> {
  const answer = await fetch(`${apiUrl}/products?limit=100&sort=popularity`);
  if (!answer.ok) throw new Error(`${apiUrl}/products answered ${answer.status}`);
  const products = (await answer.json()) as ListedProduct[];
  const product = products.find((item) => !item.has_variants && !item.out_of_stock && item.available_stock >= 50) ?? products.find((item) => !item.has_variants && !item.out_of_stock);
  if (!product) throw new Error('the api has no simple product in stock to add');
  return { products, product };
}
