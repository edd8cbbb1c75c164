import type { Browser, Page } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { collectPageErrors, launchBrowser, shellUrl } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openAt(width: number, pathname = '/') {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 900 } });
  const page = await context.newPage();
  await page.goto(shellUrl(pathname));
  return { context, page };
}

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForFunction((top) => Math.round(window.scrollY) === top, y);
}

describe('the shell at 375 px', () => {
  it('shows the bottom navbar from 400 px of scroll and the scroll-to-top button from 600 px, which goes back up', async () => {
    const { context, page } = await openAt(375);
    const errors = collectPageErrors(page);
    await page.getByTestId('product-card').first().waitFor();
    const navbar = page.getByRole('navigation', { name: 'Quick links' });
    const toTop = page.getByRole('button', { name: 'Back to top' });

    await scrollTo(page, 399);
    expect(await navbar.count()).toBe(0);
    await scrollTo(page, 400);
    await navbar.waitFor();
    expect(await navbar.getByRole('link').count()).toBe(5);
    const box = await navbar.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(740);
    expect(await toTop.count()).toBe(0);

    await scrollTo(page, 599);
    expect(await toTop.count()).toBe(0);
    await scrollTo(page, 600);
    await toTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await navbar.waitFor({ state: 'detached' });
    await toTop.waitFor({ state: 'detached' });

    await scrollTo(page, 450);
    await navbar.getByRole('link', { name: /^Shop/ }).click();
    await page.waitForURL(/\/shop$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has a mobile header whose slide-in menu closes on navigation and once the width reaches 992 px', async () => {
    const { context, page } = await openAt(375);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    const open = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });

    await open.click();
    await menu.waitFor();
    await menu.getByRole('link', { name: 'Contact Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await menu.waitFor({ state: 'detached' });

    await open.click();
    await menu.getByRole('searchbox', { name: 'Search products' }).fill('dress');
    await menu.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/shop\?search=dress$/);
    await menu.waitFor({ state: 'detached' });

    await open.click();
    await menu.waitFor();
    await page.setViewportSize({ width: 991, height: 740 });
    expect(await menu.isVisible()).toBe(true);
    await page.setViewportSize({ width: 992, height: 740 });
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await context.close();
  });
});

describe('the shell at 1280 px', () => {
  it('fixes the header on scroll without moving the page', async () => {
    const { context, page } = await openAt(1280);
    await page.getByTestId('product-card').first().waitFor();
    const mainTop = () => page.evaluate(() => Math.round((document.getElementById('main')?.getBoundingClientRect().top ?? 0) + window.scrollY));
    const before = await mainTop();
    await scrollTo(page, 300);
    const header = page.getByRole('banner');
    // The scroll event reaches the page a frame after scrollY changes: wait for it, as a shopper sees.
    await page.locator('header[data-fixed="true"]').waitFor({ timeout: 2_000 });
    expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    expect(Math.round((await header.boundingBox())?.y ?? -1)).toBe(0);
    expect(await mainTop()).toBe(before);
    // No bottom navbar above 576 px, however far the page scrolls.
    await scrollTo(page, 700);
    expect(await page.getByRole('navigation', { name: 'Quick links' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to top' }).waitFor();
    await context.close();
  });

  it('opens the Shop mega-menu from the keyboard and follows a layout link', async () => {
    const { context, page } = await openAt(1280);
    const shop = page.getByRole('button', { name: 'Shop menu' });
    await shop.focus();
    await page.keyboard.press('ArrowDown');
    const layouts = page.getByRole('navigation', { name: 'Shop layouts' });
    await layouts.waitFor();
    await page.getByRole('navigation', { name: 'Product layouts' }).getByRole('link', { name: 'Sticky both' }).waitFor();
    await page.keyboard.press('Escape');
    await layouts.waitFor({ state: 'detached' });
    expect(await shop.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    for (let step = 0; step < 7; step += 1) await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('List');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/shop\/list$/);
    await layouts.waitFor({ state: 'detached' });
    await context.close();
  });

  it('subscribes to the newsletter: a toast at bottom right asks to confirm from the mail, closes after 3 s, and the second time shows the api’s answer', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const formChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/later-newsletter\.[^/]*\.js$/.test(request.url())) formChunks.push(request.url());
    });
    await page.goto(shellUrl('/'));
    await page.locator('.cat-card__media').first().waitFor();
    // The form and its library load when the footer comes near, not with the page.
    const email = page.getByRole('textbox', { name: 'Your email for our newsletter' });
    expect(formChunks).toEqual([]);
    await expect(email.count()).resolves.toBe(0);
    await page.getByRole('heading', { name: 'Newsletter' }).scrollIntoViewIfNeeded();
    await email.waitFor();
    expect(formChunks).toHaveLength(1);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Enter your email address.').waitFor();
    const address = `e2e.${Date.now()}@example.co.za`;
    await email.fill(address);
    const subscribed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/newsletter');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // Subscribed once the owner of the address opens the link mailed to it (disclosures.spec.ts follows it).
    expect((await subscribed).status()).toBe(202);
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Almost done: check your inbox for a link to confirm your subscription.' });
    await toast.waitFor();
    const shownAt = Date.now();
    // The toast slides in, so its area's box is measured, not the moving toast's.
    const area = page.locator('.Toastify__toast-container').filter({ has: toast });
    const box = await area.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1280 - 40);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(900 - 120);
    expect((box?.x ?? 0)).toBeGreaterThan(1280 / 2);
    await toast.evaluate((element) => element.setAttribute('data-e2e-first', ''));
    // Marked: the api may answer the second time in the same words.
    const first = page.locator('.Toastify__toast[data-e2e-first]');

    await email.fill(address.toUpperCase());
    const again = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/newsletter');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const answer = await again;
    expect(answer.status()).toBeLessThan(300);
    const { message } = (await answer.json()) as { message: string };
    const second = page.locator('.Toastify__toast:not([data-e2e-first])').filter({ hasText: message });
    await second.waitFor();
    // Newest on top: the second toast sits above the first.
    expect((await second.boundingBox())?.y ?? 0).toBeLessThan((await first.boundingBox())?.y ?? 0);
    await first.waitFor({ state: 'detached', timeout: 6000 });
    const lasted = Date.now() - shownAt;
    expect(lasted).toBeGreaterThan(2500);
    expect(lasted).toBeLessThan(5000);
    await context.close();
  });

  it('sends a contact message from /contact', async () => {
    const { context, page } = await openAt(1280, '/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    // The titles' table loads beside the page (shell/src/layout/laterParts.ts).
    await page.waitForFunction(() => document.title === 'Contact us | Jacaranda');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Enter your name.').waitFor();
    await page.getByLabel('Your name').fill('Lindiwe Mthembu');
    await page.getByLabel('Email address', { exact: true }).fill('lindiwe@example.co.za');
    await page.getByLabel('Phone (optional)').pressSequentially('+27 (0)83 555-0101');
    expect(await page.getByLabel('Phone (optional)').inputValue()).toBe('+27835550101');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Collection');
    await page.getByRole('textbox', { name: 'Message' }).fill('Can I collect my order on Sunday?');
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/contact-messages');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await sent).status()).toBe(201);
    await page.getByRole('status').filter({ hasText: 'Thank you for your message.' }).waitFor();
    await context.close();
  });

  it('answers an unknown route with the 404 page, and titles each page', async () => {
    const { context, page } = await openAt(1280, '/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.waitForFunction(() => document.title === 'Page not found | Jacaranda');
    await page.getByRole('searchbox', { name: 'Search the shop instead' }).fill('watch');
    await page.getByRole('searchbox', { name: 'Search the shop instead' }).press('Enter');
    await page.waitForURL(/\/shop\?search=watch$/);
    await page.waitForFunction(() => document.title === 'Shop | Jacaranda');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/Rand/);

    const product = await simpleProductInStock();
    await page.goto(shellUrl(`/product/center/${product.link}`));
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.waitForFunction((name) => document.title === `${name} | Jacaranda`, product.name);

    await page.getByRole('link', { name: 'About Us', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'About Jacaranda' }).waitFor();
    await page.waitForFunction(() => document.title === 'About us | Jacaranda');
    // Focus follows the navigation to the new page's heading.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await context.close();
  });
});

describe('what closes on route change', () => {
  it('the cart dropdown closes when the shopper goes to another page', async () => {
    const { context, page } = await openAt(1280);
    await page.getByRole('button', { name: /^Cart,/ }).click();
    await page.getByText('No products in the cart.').waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Jacaranda' }).waitFor();
    expect(await page.getByText('No products in the cart.').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Cart,/ }).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});
