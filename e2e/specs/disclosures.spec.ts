/**
 * The shop's disclosures (ECTA s43) and the newsletter's double opt-in (POPIA s69), in the
 * browser against the real api: every kind of page leads to the business details from its
 * footer, on a phone and a desktop; the legal pages show what GET /api/shop/disclosures says;
 * the four policy pages load; a subscription is confirmed from the link the shop mails.
 */
import type { ShopDisclosures } from '@storefront/shared';
import type { Browser, Page } from 'playwright-core';
import { simpleProductInStock } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { collectPageErrors, launchBrowser, PHONE_USER_AGENT, shellUrl } from '../support/browser';
import { mailTo } from '../support/mail';
import { sidewaysOverflow } from '../support/shopperApi';

type PolicyKey = 'returnsPolicy' | 'deliveryPolicy' | 'privacyPolicy' | 'paymentSecurity';

/** The four policies, at the addresses the checkout links to. */
const POLICIES: readonly [path: string, name: string, key: PolicyKey][] = [
  ['/legal/returns', 'Returns and refunds', 'returnsPolicy'],
  ['/legal/delivery', 'Delivery', 'deliveryPolicy'],
  ['/legal/privacy', 'Privacy', 'privacyPolicy'],
  ['/legal/payment', 'Paying safely', 'paymentSecurity'],
];

let browser: Browser;
let asked: Promise<ShopDisclosures> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

/** What the api says, asked once through the edge as the browser asks for it (by the tests that need it). */
function disclosures(): Promise<ShopDisclosures> {
  asked ??= fetch(shellUrl('/api/shop/disclosures')).then(async (response) => {
    if (response.status !== 200) throw new Error(`GET /api/shop/disclosures answered ${response.status}`);
    return (await response.json()) as ShopDisclosures;
  });
  return asked;
}

afterAll(async () => {
  await browser?.close();
});

/** Cents as the store writes Rand: R1,299.00. */
function rand(cents: number): string {
  return `R${String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',')}.${String(cents % 100).padStart(2, '0')}`;
}

function footerLink(page: Page, name: string) {
  return page.getByRole('contentinfo').getByRole('navigation', { name: 'Shop information' }).getByRole('link', { name, exact: true });
}

async function openAt(width: number, pathname: string) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 900 } });
  const page = await context.newPage();
  await page.goto(shellUrl(pathname));
  return { context, page };
}

describe('the footer leads to the business details from every kind of page', () => {
  it.each([375, 1280])('at %i px', async (width) => {
    const shop = await disclosures();
    const product = await simpleProductInStock();
    const pages: [string, string][] = [
      ['/', 'the home page'],
      ['/shop', 'the shop'],
      [`/product?id=${product.link}`, 'a product'],
      ['/cart', 'the cart'],
      ['/login', 'sign in'],
      ['/account', 'the account (which sends a guest to sign in)'],
      ['/about', 'the about page'],
      ['/legal/privacy', 'a legal page'],
    ];
    const { context, page } = await openAt(width, '/');
    for (const [address, kind] of pages) {
      await page.goto(shellUrl(address));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const link = footerLink(page, 'Business details');
      await link.scrollIntoViewIfNeeded();
      expect({ kind, href: await link.getAttribute('href') }).toEqual({ kind, href: '/legal' });
      await link.click();
      await page.waitForURL((url) => url.pathname === '/legal').catch((error: unknown) => {
        throw new Error(`from ${kind}, the Business details link did not lead to /legal (the browser is at ${page.url()}): ${error instanceof Error ? error.message : String(error)}`);
      });
      await page.getByRole('heading', { level: 1, name: 'Business details' }).waitFor();
      expect({ kind, name: await page.getByTestId('legal-name').textContent() }).toEqual({ kind, name: shop.legalName });
    }
    // Every legal page is in the footer, with the addresses the checkout links to.
    for (const [path, name] of POLICIES) expect(await footerLink(page, name).getAttribute('href')).toBe(path);
    await context.close();
  });
});

describe('the footer’s legal links on a phone', () => {
  it('sit above the bottom navbar and a product page’s sticky add-to-cart bar at the end of the page, each tall enough to tap', async () => {
    const product = await simpleProductInStock();
    const { context, page } = await openAt(375, `/product?id=${product.link}`);
    await page.getByRole('heading', { level: 1, name: product.name }).first().waitFor();
    // The page grows as its lower parts load with the first scroll: to its end until it stops growing.
    let height = 0;
    while (height !== (height = await page.evaluate(() => document.documentElement.scrollHeight))) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(500);
    }
    await page.getByTestId('bottom-navbar').waitFor();
    await page.locator('.prd-sticky--shown').waitFor();
    const bars = Math.min(...(await Promise.all([page.getByTestId('bottom-navbar').boundingBox(), page.locator('.prd-sticky--shown').boundingBox()])).map((box) => box?.y ?? 0));
    for (const name of ['Business details', ...POLICIES.map(([, policy]) => policy)]) {
      const box = await footerLink(page, name).boundingBox();
      expect({ name, above: (box?.y ?? Infinity) + (box?.height ?? 0) <= bars, tall: (box?.height ?? 0) >= 24 }).toEqual({ name, above: true, tall: true });
    }
    await context.close();
  });
});

describe('the business details (/legal)', () => {
  it('name the legal entity and its contact details as the api gives them, fit from 320 to 1280 px, and pass axe', async () => {
    const shop = await disclosures();
    const { context, page } = await openAt(1280, '/legal');
    const errors = collectPageErrors(page);
    await page.getByRole('heading', { level: 1, name: 'Business details' }).waitFor();
    await page.getByTestId('legal-name').waitFor();
    await page.waitForFunction(() => document.title === 'Business details | Jacaranda');
    expect(await page.getByTestId('legal-name').textContent()).toBe(shop.legalName);
    expect(await page.getByTestId('legal-registration-number').textContent()).toBe(shop.registrationNumber);
    if (shop.vatNumber === null) expect(await page.getByTestId('legal-vat-number').count()).toBe(0);
    else expect(await page.getByTestId('legal-vat-number').textContent()).toBe(shop.vatNumber);
    const address = page.getByTestId('legal-address');
    expect(await address.evaluate((element) => [...element.children].map((line) => line.textContent))).toEqual(shop.address);
    const email = page.getByTestId('legal-email');
    expect(await email.textContent()).toBe(shop.email);
    expect(await email.getAttribute('href')).toBe(`mailto:${shop.email}`);
    const phone = page.getByTestId('legal-phone');
    expect(await phone.textContent()).toBe(shop.phone);
    expect(await phone.getAttribute('href')).toMatch(/^tel:\+?\d{6,}$/);
    expect(await page.getByTestId('legal-sample-note').count()).toBe(shop.sample ? 1 : 0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    for (const width of [320, 375, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.locator(`header[data-variant='${width >= 992 ? 'desktop' : 'mobile'}']`).waitFor();
      expect({ width, overflow: await sidewaysOverflow(page) }).toEqual({ width, overflow: 0 });
      for (const testId of ['legal-name', 'legal-registration-number', 'legal-address', 'legal-email', 'legal-phone']) {
        const box = await page.getByTestId(testId).boundingBox();
        expect({ width, testId, inside: box !== null && box.x >= 0 && box.x + box.width <= width }).toEqual({ width, testId, inside: true });
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is reached with the keyboard, and focus goes to its heading', async () => {
    const { context, page } = await openAt(1280, '/about');
    await page.getByRole('heading', { level: 1, name: 'About Jacaranda' }).waitFor();
    const link = footerLink(page, 'Business details');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Business details' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Business details');
    await context.close();
  });
});

describe('the policies', () => {
  it('load at the addresses the checkout links to, each with the api’s text and its own title, and pass axe at 375 px', async () => {
    const shop = await disclosures();
    const { context, page } = await openAt(375, '/');
    const errors = collectPageErrors(page);
    for (const [path, name, key] of POLICIES) {
      const response = await page.goto(shellUrl(path));
      expect({ path, status: response?.status() }).toEqual({ path, status: 200 });
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const policy = page.getByTestId('legal-policy');
      await policy.waitFor();
      expect({ path, paragraphs: await policy.locator('p').allTextContents() }).toEqual({ path, paragraphs: shop[key] });
      await page.waitForFunction((title) => document.title === title, `${name} | Jacaranda`);
      expect(await page.getByRole('navigation', { name: 'More shop information' }).getByRole('link', { name, exact: true }).getAttribute('aria-current')).toBe('page');
      expect({ path, overflow: await sidewaysOverflow(page) }).toEqual({ path, overflow: 0 });
      if (path === '/legal/delivery') expect(await page.getByTestId('delivery-fee').textContent()).toContain(rand(shop.deliveryFee));
      expect({ path, violations: await seriousAxeViolations(page) }).toEqual({ path, violations: [] });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('drawn by the server', () => {
  it.each([375, 1280])('at %i px, the shop’s information is in the page before any script: its details, its policies, its contact page and the footer’s links', async (width) => {
    const shop = await disclosures();
    // The server draws for the screen the browser says it has: a phone says it is one.
    const phone = width < 600 ? { userAgent: PHONE_USER_AGENT, isMobile: true, hasTouch: true } : {};
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 }, ...phone });
    const page = await context.newPage();
    const open = async (path: string, heading: string, title = heading) => {
      // No script runs: nothing takes the page over, so only its arrival is waited for.
      const response = await page.goto(shellUrl(path), { waitUntil: 'commit' });
      expect({ path, status: response?.status() }).toEqual({ path, status: 200 });
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 5_000 });
      expect({ path, title: await page.title() }).toEqual({ path, title: `${title} | Jacaranda` });
      expect({ path, overflow: await sidewaysOverflow(page) }).toEqual({ path, overflow: 0 });
    };
    await open('/legal', 'Business details');
    expect(await page.getByTestId('legal-name').textContent()).toBe(shop.legalName);
    expect(await page.getByTestId('legal-address').evaluate((element) => [...element.children].map((line) => line.textContent))).toEqual(shop.address);
    expect(await page.getByTestId('legal-email').getAttribute('href')).toBe(`mailto:${shop.email}`);
    for (const [path, name, key] of POLICIES) {
      await open(path, name);
      expect({ path, paragraphs: await page.getByTestId('legal-policy').locator('p').allTextContents() }).toEqual({ path, paragraphs: shop[key] });
      expect(await footerLink(page, 'Business details').getAttribute('href')).toBe('/legal');
    }
    await open('/contact', 'Contact us');
    expect(await page.getByTestId('contact-details').textContent()).toContain(shop.address.join(', '));
    await open('/about', 'About Jacaranda', 'About us');
    expect(await page.getByTestId('about-address').textContent()).toBe(`${shop.address.join(', ')}.`);
    // A link in the server's page works before any script: the footer's to a policy.
    await footerLink(page, 'Returns and refunds').click();
    await page.waitForURL((url) => url.pathname === '/legal/returns');
    await page.getByTestId('legal-policy').waitFor({ timeout: 5_000 });
    await context.close();
  });

  it('the browser takes the server’s page over as drawn: no mismatch, no second read of the disclosures, and its styles stay until its own are in', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/shop/disclosures') reads.push(request.url());
    });
    // Scripts a little late: the mark below is made on the server's elements before any script runs.
    await page.route(
      (url) => url.pathname.endsWith('.js'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue().catch(() => undefined);
      },
    );
    await page.goto(shellUrl('/legal/privacy'), { waitUntil: 'commit' });
    await page.getByTestId('legal-policy').waitFor({ state: 'attached' });
    const marked = await page.evaluate(() => {
      const elements = [...document.querySelectorAll('#main *')];
      (window as unknown as { marked: Element[] }).marked = elements;
      return elements.length;
    });
    expect(marked).toBeGreaterThan(10);
    await page.waitForFunction("!document.querySelector('[data-await-hydration]')", undefined, { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    // Styled as drawn all along: the policy keeps its layout once the server's copy of the styles is gone.
    expect(await page.locator('style[data-server-rendered]').count()).toBe(0);
    expect(await page.locator('.shell-legal__nav').evaluate((nav) => getComputedStyle(nav).paddingTop)).toBe('16px');
    const kept = await page.evaluate(() => (window as unknown as { marked: Element[] }).marked.filter((element) => element.isConnected).length);
    expect({ kept: kept / marked }).toEqual({ kept: 1 });
    expect(reads).toEqual([]);
    // Live: the page's own links move within the store without a reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('navigation', { name: 'More shop information' }).getByRole('link', { name: 'Paying safely' }).click();
    await page.getByRole('heading', { level: 1, name: 'Paying safely' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('what search engines are told', () => {
  it('the sitemap lists the legal pages and no newsletter page; a newsletter link’s page asks not to be kept', async () => {
    const sitemap = await (await fetch(shellUrl('/sitemap.xml'))).text();
    const origin = new URL(shellUrl('/')).origin;
    for (const path of ['/legal', ...POLICIES.map(([path]) => path)]) expect(sitemap).toContain(`<loc>${origin}${path}</loc>`);
    expect(sitemap).not.toContain('/newsletter/');

    const confirm = await fetch(shellUrl('/newsletter/confirm?token=abc'));
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
  });
});

/** The address in the newest mail to `email` that goes to `pathname`, once the mail server has it. */
async function mailedLink(email: string, pathname: string): Promise<URL> {
  const deadline = Date.now() + 20_000;
  const pattern = new RegExp(`https?://[^\\s"'<>]+${pathname.replace(/\//g, '\\/')}\\?token=[^\\s"'<>]+`);
  for (;;) {
    const links = (await mailTo(email)).map((mail) => pattern.exec(mail.text)?.[0]).filter((link): link is string => link !== undefined);
    const newest = links.at(-1);
    if (newest) return new URL(newest);
    if (Date.now() > deadline) throw new Error(`no mail with a ${pathname} link reached ${email} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the newsletter’s double opt-in', () => {
  it('subscribes from the footer, and the link in the mail confirms it; the link again says so', async () => {
    const { context, page } = await openAt(1280, '/');
    const errors = collectPageErrors(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const email = page.getByRole('textbox', { name: 'Your email for our newsletter' });
    await page.getByRole('heading', { name: 'Newsletter' }).scrollIntoViewIfNeeded();
    const address = `confirm.${Date.now()}@example.co.za`;
    await email.fill(address);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('.Toastify__toast').filter({ hasText: 'Almost done: check your inbox for a link to confirm your subscription.' }).waitFor();

    const link = await mailedLink(address, '/newsletter/confirm');
    // The mail's link on this suite's edge (the api names the shop's own address).
    const confirmations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/newsletter/confirm') confirmations.push(request.postData() ?? '');
    });
    await page.goto(shellUrl(`${link.pathname}${link.search}`));
    await page.getByRole('heading', { level: 1, name: 'Confirm your subscription' }).waitFor();
    const answer = page.getByTestId('newsletter-answer');
    await answer.filter({ hasText: 'You are subscribed to our newsletter.' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'newsletter-answer');
    expect(confirmations).toEqual([JSON.stringify({ token: link.searchParams.get('token') })]);
    expect(new URL(page.url()).search).toBe(link.search);
    expect(await page.locator('meta[name="robots"][content="noindex"]').count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.reload();
    await answer.filter({ hasText: 'You were already subscribed.' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a link the api does not know is not valid', async () => {
    const { context, page } = await openAt(375, '/newsletter/confirm?token=not-a-token-the-shop-sent');
    await page.getByTestId('newsletter-answer').and(page.locator('[data-state="invalid"]')).waitFor();
    expect(await page.getByText('This confirmation link is not valid.', { exact: false }).count()).toBe(1);
    expect(await sidewaysOverflow(page)).toBe(0);
    await context.close();
  });

  it('unsubscribes only when the subscriber presses Unsubscribe, not when the link is opened', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/newsletter/unsubscribe') posts.push(request.postData() ?? '');
    });
    await page.goto(shellUrl('/newsletter/unsubscribe?token=a-token-from-a-newsletter'));
    await page.getByRole('heading', { level: 1, name: 'Unsubscribe from our newsletter' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(posts).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.locator('[data-testid="newsletter-answer"]:not([data-state="waiting"])').waitFor();
    expect(posts).toEqual([JSON.stringify({ token: 'a-token-from-a-newsletter' })]);
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'newsletter-answer');
    await context.close();
  });
});
