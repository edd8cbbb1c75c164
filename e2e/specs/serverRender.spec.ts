/**
 * The first screen from the server (edge/src/serverRender.ts): the home page, the shop, the
 * sign-in and password pages arrive drawn, inside the header and footer, before any script has
 * run; the browser's own render then hydrates it in place and the page answers input
 * (hydration.spec.ts: taps before that). A shopper's own pages: shopperPages.spec.ts.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { packageVersion, REMOTES, ROOT } from '@storefront/edge/packages';
import { serverRemoteOf } from '@storefront/edge/server-render';
import { apiUrl, simpleProductInStock } from '../support/api';
import { collectPageErrors, launchBrowser, PHONE_USER_AGENT, phoneContext, remoteUrls, shellUrl } from '../support/browser';
import { escapedHtml } from '../support/serverPages';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a page rendered on the server', () => {
  it('sends the home page drawn: hero, categories, header and footer, with their styles', async () => {
    const html = await (await fetch(shellUrl('/'), { headers: { 'User-Agent': PHONE_USER_AGENT } })).text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toMatch(/^<div id="root" data-server-rendered data-await-hydration data-viewport-width="412">/);
    expect(root).toContain('<h1 id="home-hero-title">Style and gear for every season</h1>');
    expect(root).toContain('data-remote="mfe-catalog" data-remote-module="HomePage"');
    expect(root).toContain('aria-label="Jacaranda home"');
    expect(root).toContain('Trading hours');
    // A phone gets the phone's header: the menu button, no desktop navigation.
    expect(root).toContain('aria-label="Open menu"');
    expect(root).not.toContain('aria-label="Main"');
    const styles = html.slice(html.indexOf('<style data-server-rendered>'), html.indexOf('</head>'));
    expect(styles).toContain('.cat-hero');
    expect(styles).toContain('.shell-header');
  });

  it('sends the home page with its categories and carousels filled, as the api lists them', async () => {
    const popular = (await (await fetch(shellUrl('/api/products?is_popular=true&sort=popularity&limit=8'))).json()) as { name: string }[];
    const categories = (await (await fetch(shellUrl('/api/categories'))).json()) as { name: string }[];
    const html = await (await fetch(shellUrl('/'), { headers: { 'User-Agent': PHONE_USER_AGENT } })).text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(popular.length).toBeGreaterThan(0);
    for (const product of popular) expect(root).toContain(escapedHtml(product.name));
    for (const category of categories.slice(0, 3)) expect(root).toContain(escapedHtml(category.name));
    // No skeleton: every section is drawn.
    expect(root).not.toContain('aria-busy="true"');
  });

  it('is hydrated by the browser, which draws the server’s answers without asking the api for them again', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(shellUrl('/'));
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('product-card').count()).toBeGreaterThanOrEqual(3);
    expect(asked.filter((path) => /^\/api\/(products|categories)\b/.test(path))).toEqual([]);
    // The answers a shopper's own request must give stay theirs to ask for: the cart is asked.
    expect(asked).toContain('/api/cart');
    await context.close();
  });

  it('sends the shop with the products of the page asked for, as the api lists them', async () => {
    const answer = await fetch(shellUrl('/api/products?sort=popularity&page=2&limit=12'));
    const listing = (await answer.json()) as { name: string }[];
    const count = Number(answer.headers.get('x-total-count'));
    const html = await (await fetch(shellUrl('/shop?page=2&sort=popularity'))).text();
    expect(html).toContain(`Showing 13–24 of ${count} products`);
    for (const product of listing.slice(0, 3)) expect(html).toContain(escapedHtml(product.name));
    // A wider screen gets the desktop header.
    expect(html).toContain('aria-label="Main"');
  });

  it('keeps the shop’s first screen where it was when the browser hydrates it', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      // Each shift's size, and what moved (named, for a failure to say).
      const shifts: { value: number; moved: string[] }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
      const named = (node: Node | null | undefined) => (node instanceof Element ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).trim().split(/\s+/).join('.')}` : ''}` : String(node?.nodeName));
      new PerformanceObserver((list) =>
        (list.getEntries() as Shift[]).forEach((entry) =>
          shifts.push({ value: entry.value, moved: (entry.sources ?? []).map(({ node, previousRect: from, currentRect: to }) => `${named(node)} ${from.x},${from.y} ${from.width}x${from.height} -> ${to.x},${to.y} ${to.width}x${to.height}`) }),
        ),
      ).observe({ type: 'layout-shift', buffered: true });
    });
    // A phone's slower CPU: the order in which the remotes' stylesheets and the shared one arrive
    // depends on it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Drawn once before: a cold render on a busy 2-core machine can miss the server-render limit,
    // and the page would then come for the browser to draw, with nothing of the server's to keep.
    await (await fetch(shellUrl('/shop'), { headers: { 'User-Agent': PHONE_USER_AGENT } })).text();
    await page.goto(shellUrl('/shop'));
    // goto has waited for the takeover; the server's styles are gone, the page's own apply.
    await page.locator('.cat-breadcrumb').waitFor({ state: 'visible' });
    await page.waitForTimeout(1000);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts);
    // A shared rule that won in one order moved the whole page 24 px up and back (0.05), and the
    // filter button's height moved the listing 4 px. A failure lists each shift and what moved.
    const total = shifts.reduce((sum, { value }) => sum + value, 0);
    expect(total < 0.005 ? [] : shifts).toEqual([]);
    await context.close();
  });

  it('is shown by a browser that runs no script', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 }, userAgent: PHONE_USER_AGENT });
    const page = await context.newPage();
    // 'commit': no waiting for the browser's render, which never comes without scripts.
    await page.goto(shellUrl('/'), { waitUntil: 'commit' });
    const hero = page.locator('#home-hero-title');
    await hero.waitFor({ state: 'visible' });
    // Styled: the hero's heading is laid out as the stylesheet says, not as a bare <h1>.
    expect(await hero.evaluate((element) => getComputedStyle(element.closest('.cat-hero') as Element).backgroundImage)).not.toBe('none');
    await context.close();
  });

  it('is hydrated in place by the browser, which answers input, with nothing drawn twice', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/'));
    // goto has waited for the browser's hydration (support/browser.ts).
    expect(await page.locator('[data-await-hydration]').count()).toBe(0);
    expect(await page.locator('style[data-server-rendered]').count()).toBe(0);
    expect(await page.locator('#home-hero-title').count()).toBe(1);
    expect(await page.locator('header.shell-header').count()).toBe(1);
    // The page answers: the phone's menu opens.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').waitFor({ state: 'visible' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the sign-in and password pages drawn, and the browser’s render then takes input', async () => {
    for (const [address, heading] of [
      ['/login?next=%2Fwishlist', 'Sign in'],
      ['/forgot-password', 'Forgot your password?'],
      ['/reset-password?token=abc', 'Choose a new password'],
    ] as const) {
      const html = await (await fetch(shellUrl(address))).text();
      const root = html.slice(html.indexOf('<div id="root"'));
      expect([address, root.includes('data-remote="mfe-account"'), root.includes(`<h1>${escapedHtml(heading)}</h1>`)]).toEqual([address, true, true]);
    }
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/login?next=%2Fwishlist'));
    expect(await page.locator('[data-await-hydration]').count()).toBe(0);
    await page.getByLabel('Email address').fill('nobody@example.co.za');
    expect(await page.getByLabel('Email address').inputValue()).toBe('nobody@example.co.za');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a page its remote does not draw on the server as the frame with a skeleton, for the browser to draw over', async () => {
    // The account page sends a signed-out shopper to sign in: the browser's to do. Never an empty #root.
    const html = await (await fetch(shellUrl('/account'))).text();
    expect(html).not.toMatch(/<div id=root><\/div>/);
    expect(html).toMatch(/<div id="root">[\s\S]*<header[\s\S]*shell-region-loading[\s\S]*<footer/);
    expect(html).not.toContain('data-server-rendered');
    expect(html).not.toContain('data-await-hydration');
    // The server draws without the session: its login icon says "Sign in" to nobody, signed in or not.
    expect(html).toContain('aria-label="Profile"');
    expect(html).not.toContain('aria-label="Sign in"');
  });
});

describe('the shell’s server, hosting the remotes’ server containers', () => {
  it('loads each from its origin and renders with one React and one copy of the store’s and router’s libraries, and drops a version and loads it again', async () => {
    const product = await simpleProductInStock();
    const pages: Record<string, [module: string, pathname: string, search: string]> = {
      'mfe-catalog': ['HomePage', '/', ''],
      'mfe-product': ['ProductPage', '/product', `?id=${product.id}`],
      'mfe-cart': ['CartPage', '/cart', ''],
      'mfe-account': ['LoginPage', '/login', ''],
    };
    const probes = REMOTES.map((remote) => {
      const target = serverRemoteOf(remote, { version: packageVersion(remote), manifest: new URL('mf-manifest.json', remoteUrls()[remote]).href });
      if (!target) throw new Error(`${remote} has no server container address`);
      const [module, pathname, search] = pages[remote] ?? ['', '', ''];
      return { remote, ...target, module, pathname, search };
    });
    // Its own process, as the edge's: the runtime evaluates containers in Node's main context.
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', 'sucrase/register/ts', path.join(ROOT, 'e2e/support/serverFederationProbe.ts'), JSON.stringify(probes), apiUrl('/')], { cwd: ROOT });
    const seen = JSON.parse(stdout) as {
      renders: Record<string, string>;
      shared: Record<string, { from: string; version: string; useIn: string[] }[]>;
      instancesBefore: string[];
      instancesAfterDrop: string[];
      renderedAgain: string;
    };
    // Each drew its page, with the api's data.
    expect(seen.renders['mfe-catalog']).toContain('Style and gear for every season');
    expect(seen.renders['mfe-product']).toContain(escapedHtml(product.name));
    expect(seen.renders['mfe-cart']).toContain('No products in the cart.');
    expect(seen.renders['mfe-account']).toContain('Email address');
    // One copy of each singleton, the shell's server's, used by every container.
    const names = probes.map((probe) => probe.name);
    for (const singleton of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server', 'react-redux', 'react-router-dom', '@reduxjs/toolkit']) {
      const copies = seen.shared[singleton] ?? [];
      expect([singleton, new Set(copies.map((copy) => `${copy.from}@${copy.version}`)).size]).toEqual([singleton, 1]);
      expect([singleton, copies[0]?.from]).toEqual([singleton, 'shell_server']);
      for (const name of names) expect([singleton, name, copies[0]?.useIn.includes(name)]).toEqual([singleton, name, true]);
    }
    // Dropped, nothing of the version stays registered; asked again, it loads again (its
    // endpoints go into its own api slice again, which no other container shares).
    const [first] = names;
    expect(seen.instancesBefore).toEqual(expect.arrayContaining(['shell_server', ...names]));
    expect(seen.instancesAfterDrop).not.toContain(first);
    expect(seen.renderedAgain).toContain('Style and gear for every season');
  });
});
