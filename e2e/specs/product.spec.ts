import { randomUUID } from 'node:crypto';
import type { CartItem, Order, Product } from '@storefront/shared';
import type { Browser } from 'playwright-core';
import { fetchProducts, simpleProductInStock } from '../support/api';
import { collectPageErrors, launchBrowser, newShopper, remoteUrls, shellUrl } from '../support/browser';
import { currentZoom, moveTo, openLightbox } from '../support/lightbox';
import { variantProductInStock } from '../support/products';
import { shopCommand } from '../support/shopCommands';
import { getAsShopper, postAsShopper, sidewaysOverflow } from '../support/shopperApi';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const LAYOUTS = [
  'custom-tab',
  'left-sidebar',
  'right-sidebar',
  'sticky-cart',
  'extended',
  'grid',
  'full-width',
  'sticky-info',
  'sticky-both',
  'transparent',
  'center',
];


/** A simple product in stock with reviews, from the end of the catalogue, where the other product tests do not look. */
async function reviewedProductToBuy(): Promise<Product> {
  const product = [...(await fetchProducts())].reverse().find((item) => !item.has_variants && item.available_stock >= 3 && item.reviews_count > 1);
  if (!product) throw new Error('the seeded catalogue has no simple product in stock with reviews');
  return product;
}

describe('the product page', () => {
  it('shows stars only with reviews: a product without any shows none beside "There are no reviews yet."', async () => {
    const products = await fetchProducts();
    const unreviewed = products.find((item) => item.reviews_count === 0);
    const reviewed = products.find((item) => item.reviews_count > 0);
    if (!unreviewed || !reviewed) throw new Error('the seeded catalogue needs products with and without reviews');
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl(`/product?id=${unreviewed.link}`));
    await page.getByRole('heading', { level: 1, name: unreviewed.name }).waitFor();
    const summary = page.locator('.prd-summary__rating');
    await summary.getByText('There are no reviews yet.').waitFor();
    expect(await summary.getByRole('img').getAttribute('aria-label')).toBe('Rated 0 out of 5');
    await page.goto(shellUrl(`/product?id=${reviewed.link}`));
    await page.getByRole('heading', { level: 1, name: reviewed.name }).waitFor();
    expect(await page.locator('.prd-summary__rating').getByRole('img').getAttribute('aria-label')).toBe(`Rated ${Math.round(reviewed.rating * 10) / 10} out of 5`);
    expect(reviewed.rating).toBeGreaterThan(0);
    await context.close();
  });

  it("shows the chosen colour's pictures, and the cart, its dropdown and the popup show that colour's picture", async () => {
    const product = await variantProductInStock();
    const [, colour] = product.colours;
    const [size] = product.sizes;
    if (!colour || !size) throw new Error('variant product without a second colour');
    const large = product.large_pictures.find((picture) => picture.colour === colour.name);
    const small = product.small_pictures.find((picture) => picture.colour === colour.name);
    const firstLarge = product.large_pictures[0];
    if (!large || !small || !firstLarge) throw new Error(`no picture of ${colour.name}`);
    expect(large.url).not.toBe(firstLarge.url);
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const mainPicture = page.locator('.prd-gallery__main img, .prd-gallery__all img').first();
    expect(await mainPicture.getAttribute('src')).toContain(firstLarge.url);

    await page.getByRole('button', { name: colour.name, exact: true }).first().click();
    await page.waitForFunction(
      (url) => (document.querySelector('.prd-gallery__main img, .prd-gallery__all img') as HTMLImageElement | null)?.src.includes(url) === true,
      large.url,
    );
    await page.getByRole('button', { name: size.label, exact: true }).first().click();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    // The added-to-cart popup, then the cart's dropdown, show the colour bought.
    const popup = page.getByRole('complementary', { name: 'Added to cart' });
    await popup.waitFor();
    expect(await popup.locator('img').first().getAttribute('src')).toContain(small.url);
    await popup.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: /^Cart,/ }).click();
    const line = page.getByTestId('cart-line').filter({ hasText: product.name }).first();
    await line.waitFor();
    expect(await line.locator('img').first().getAttribute('src')).toContain(small.url);
    await context.close();
  });

  it('blocks a variant product until colour and size are picked, then the cart line carries them', async () => {
    const product = await variantProductInStock();
    const [colour] = product.colours;
    const size = product.sizes[1];
    if (!colour || !size) throw new Error('variant product without options');
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    const add = page.getByRole('button', { name: 'Add to Cart', exact: true }).first();
    expect(await add.isDisabled()).toBe(true);
    await page.getByText('Choose a colour and a size.').first().waitFor();
    await page.getByRole('button', { name: colour.name, exact: true }).click();
    expect(await add.isDisabled()).toBe(true);
    await page.getByText('Choose a size.').first().waitFor();
    await page.getByRole('button', { name: size.label, exact: true }).click();
    expect(await add.isEnabled()).toBe(true);
    await add.click();
    await page.getByText(`${product.name} has been added to cart`).waitFor();

    await page.getByRole('button', { name: /^Cart,/ }).click();
    const line = page.getByTestId('cart-line').filter({ hasText: product.name });
    await line.waitFor();
    expect(await line.textContent()).toContain(`Colour: ${colour.name}`);
    expect(await line.textContent()).toContain(`Size: ${size.name.toUpperCase()}`);
    const cart = (await (await page.request.get(shellUrl('/api/cart'))).json()) as CartItem[];
    expect(cart).toEqual([
      expect.objectContaining({ id: `${product.id}-${colour.name}-${size.name}`.toLowerCase(), colour: colour.name, colour_code: colour.code, size: size.name, qty: 1 }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the lightbox only when asked, zooms in steps up to four times, loops and closes on Esc', async () => {
    const product = await variantProductInStock();
    const count = product.large_pictures.length;
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const productOrigin = new URL(remoteUrls()['mfe-product'] ?? '').origin;
    const productScripts: string[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.origin === productOrigin && url.pathname.endsWith('.js')) productScripts.push(await response.text().catch(() => ''));
    });
    const lightgalleryLoaded = () => productScripts.some((source) => source.includes('lg-zoom-in'));

    await page.goto(shellUrl(`/product?id=${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(lightgalleryLoaded()).toBe(false);

    const trigger = page.getByRole('button', { name: `Open picture 1 of ${count} full screen` });
    await openLightbox(page, trigger);
    expect(lightgalleryLoaded()).toBe(true);
    expect(await page.getByRole('dialog', { name: `Pictures of ${product.name}` }).count()).toBe(1);
    expect(await page.locator('.lg-counter').textContent()).toMatch(new RegExp(`^\\s*1\\s*/\\s*${count}\\s*$`));

    // Zoom levels 0 to 300 in steps of 100; lightgallery's scale is 1 + level / 100. The
    // picture on screen grows with each step (the top one is four times, not the picture's own size).
    const shownWidth = () => page.locator('.lg-current .lg-image').evaluate((image) => image.getBoundingClientRect().width);
    const unzoomed = await shownWidth();
    for (const expected of [2, 3, 4, 4]) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForFunction(
        (scale) => (document.querySelector('.lg-current .lg-image') as HTMLElement | null)?.style.transform.includes(`scale3d(${scale},`),
        expected,
      );
      expect(await currentZoom(page)).toBe(expected);
      // Past lightgallery's transition (and its switch to "actual size", which it must not make).
      await page.waitForTimeout(700);
      expect(Math.round((await shownWidth()) / unzoomed)).toBe(expected);
    }
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForFunction(() => (document.querySelector('.lg-current .lg-image') as HTMLElement | null)?.style.transform.includes('scale3d(3,'));

    // Loops over the large pictures: back from the first is the last.
    await moveTo(page, 'Previous picture', count, count);

    await page.keyboard.press('Escape');
    await page.locator('.lg-container').waitFor({ state: 'detached' });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    // lightgallery's notice about its open-source key is the shop's to settle (README), not the shopper's to read.
    expect(warnings.filter((warning) => /license key/i.test(warning))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes the lightbox on a click outside the picture, and says when a picture fails to load', async () => {
    const product = await variantProductInStock();
    const count = product.large_pictures.length;
    const { context, page } = await newShopper(browser);
    const broken = new RegExp(`/images/products/${product.id}/2\\.svg$`);
    await page.route(broken, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(shellUrl(`/product/grid/${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    await openLightbox(page, page.getByRole('button', { name: `Open picture 1 of ${count} full screen` }));
    await moveTo(page, 'Next picture', 2, count);
    await page.locator('.lg-current').getByText('This image failed to load').waitFor();

    await moveTo(page, 'Next picture', 3, count);
    await page.locator('.lg-current.lg-zoomable .lg-image').waitFor();
    const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
    await page.mouse.click(viewport.width * 0.12, viewport.height * 0.3);
    await page.locator('.lg-container').waitFor({ state: 'detached' });
    await context.close();
  });

  it.each(['default', ...LAYOUTS])('renders the product in the %s layout', async (layout) => {
    const product = await simpleProductInStock();
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    await page.goto(shellUrl(layout === 'default' ? `/product/${product.link}` : `/product/${layout}/${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(await page.locator('[data-layout]').getAttribute('data-layout')).toBe(layout);
    expect(await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().isEnabled()).toBe(true);
    // The tabs' code comes with the first scroll when the region starts below the first screen (the
    // centre layout's single column; LowerParts.tsx). Until then the server's copy stands in,
    // or a skeleton when the server's render was late (its 300 ms budget on a busy machine) and the
    // browser drew the page itself: so scroll to them, as a shopper would, and wait for the live tabs.
    const lower = page.locator('[data-product-lower]');
    await lower.scrollIntoViewIfNeeded();
    await page.locator('[data-product-lower]:not([data-server-copy])').getByRole('tab', { name: /^Reviews/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('brings up the sticky add-to-cart bar on sticky-cart once the main button scrolls away, and it adds to the cart', async () => {
    const product = await simpleProductInStock();
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl(`/product/sticky-cart/${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const bar = page.getByTestId('sticky-add-to-cart');
    // Not shown (its code comes with the first scroll, LowerParts.tsx; then hidden until the button has gone).
    expect(await page.locator('[data-testid="sticky-add-to-cart"][aria-hidden="false"]').count()).toBe(0);

    // The first scroll brings the lower parts' code, which takes over from the server's copy (LowerParts.tsx);
    // wait for that handover before reaching for a heading inside it, which the handover replaces.
    await page.mouse.wheel(0, 600);
    await page.locator('[data-product-lower]:not([data-server-copy])').waitFor();
    await page.getByRole('heading', { name: 'Related products' }).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('[data-testid="sticky-add-to-cart"]')?.getAttribute('aria-hidden') === 'false');
    await bar.getByRole('button', { name: 'Increase quantity' }).click();
    await bar.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText(`${product.name} has been added to cart`).waitFor();
    const cart = (await (await page.request.get(shellUrl('/api/cart'))).json()) as CartItem[];
    expect(cart).toEqual([expect.objectContaining({ id: product.id, qty: 2 })]);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector('[data-testid="sticky-add-to-cart"]')?.getAttribute('aria-hidden') === 'true');
    await context.close();
  });

  it('shows the reviews tab with newest reviews first and more on request', async () => {
    const product = await variantProductInStock();
    const { context, page } = await newShopper(browser);
    await page.goto(shellUrl(`/product/${product.link}?tab=reviews`));
    const panel = page.getByRole('tabpanel', { name: `Reviews (${product.reviews_count})` });
    if (product.reviews_count === 0) {
      await panel.getByText('There are no reviews yet.').waitFor();
    } else {
      await panel.getByTestId('review').first().waitFor();
      expect(await panel.getByTestId('review').count()).toBe(Math.min(5, product.reviews_count));
      if (product.reviews_count > 5) {
        await panel.getByRole('button', { name: 'Show more reviews' }).click();
        await page.waitForFunction((expected) => document.querySelectorAll('[data-testid="review"]').length === expected, Math.min(10, product.reviews_count));
      }
    }
    await panel.getByRole('button', { name: 'Sign in to write a review' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('marks the review of a signed-in shopper who paid for the product "Verified buyer", and the summary counts it', async () => {
    const product = await reviewedProductToBuy();
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/'));
    await postAsShopper(page, '/auth/register', {
      first_name: 'Zinhle',
      last_name: 'Khumalo',
      email: `verified.${randomUUID()}@example.co.za`,
      password: 'a sturdy passphrase',
      phone: '082 555 0199',
    });
    await postAsShopper(page, '/cart', { id: product.id, qty: 1 });
    await postAsShopper(
      page,
      '/orders',
      { contact: { first_name: 'Zinhle', last_name: 'Khumalo', email: 'zinhle@example.co.za', phone: '+27825550199' }, delivery: { method: 'collect' }, payment_method: 'cod' },
      { 'idempotency-key': randomUUID() },
    );
    // Cash counts once it comes in: the shop hands the order over at the counter (three commands
    // at the shop's machine, each a node process of its own: the test has a minute).
    const [order] = await getAsShopper<Order[]>(page, '/orders');
    if (!order) throw new Error('the order was not placed');
    for (const step of ['pack', 'ready', 'collect']) await shopCommand('orders', step, order.number);

    await page.goto(shellUrl(`/product/${product.link}?tab=reviews`));
    const panel = page.getByRole('tabpanel', { name: /^Reviews/ });
    const summary = panel.getByTestId('verified-summary');
    expect(await summary.textContent()).toBe(`None of the ${product.reviews_count} reviews are from verified buyers`);
    const form = panel.getByRole('form', { name: `Review ${product.name}` });
    await form.getByLabel('5 stars').check();
    await form.getByLabel('Your review').fill('Bought it last week: exactly as described.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Thank you for your review').waitFor();

    const mine = panel.getByTestId('review').first();
    await mine.getByText('Bought it last week: exactly as described.').waitFor();
    expect(await mine.getByText('Verified buyer', { exact: true }).isVisible()).toBe(true);
    expect(await mine.locator('.prd-review__byline').textContent()).toMatch(/^Zinhle K\. Verified buyer · /);
    await panel.getByText(`1 of ${product.reviews_count + 1} reviews is from a verified buyer`).waitFor();
    expect(await panel.getByTestId('review').nth(1).getByText('Verified buyer').count()).toBe(0);

    // On a phone the byline wraps between author, badge and date, and nothing reaches past the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await mine.scrollIntoViewIfNeeded();
    const overflow = await sidewaysOverflow(page);
    expect(overflow).toBe(0);
    for (const part of [mine.getByText('Verified buyer', { exact: true }), summary]) {
      const box = await part.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
