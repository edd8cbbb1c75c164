/**
 * How a cold visit loads: index.html names the shell's first-load scripts and /composition.json
 * up front (preloads), and each is fetched once, the preload being what the page then uses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT } from '@storefront/edge/packages';
import { simpleProductInStock } from '../support/api';
import { variantProductInStock } from '../support/products';
import { launchBrowser, PHONE_USER_AGENT, remoteUrls, shellUrl } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

function shellFirstLoad(): { files: string[]; desktop: string[] } {
  const { files, desktop } = JSON.parse(readFileSync(path.join(ROOT, 'shell/dist/first-load.json'), 'utf8')) as { files: string[]; desktop: string[] };
  const scripts = (list: string[]) => list.filter((file) => file.endsWith('.js'));
  return { files: scripts(files), desktop: scripts(desktop) };
}

/** Every screen's first-load scripts, and on a desktop its header's too. */
function firstLoadScripts(screen: 'phone' | 'desktop' = 'phone'): string[] {
  const { files, desktop } = shellFirstLoad();
  return screen === 'desktop' ? [...files, ...desktop] : files;
}

/**
 * A desktop visit whose given chunk of a remote is slower than the page's other files, though
 * within the time the first render waits for the page's prefetch: a render that did not wait
 * would show a placeholder. Resolves once the browser's render has taken over from the server's
 * first screen, with the chunk's requests so far.
 */
async function visitWithSlowChunk(remote: string, chunk: string, pathname: string) {
  const origin = new URL(remoteUrls()[remote] ?? `http://missing-${remote}-url`).origin;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const parts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname.includes(chunk)) parts.push(url.pathname);
  });
  await page.route(`${origin}/**/${chunk}.*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto(shellUrl(pathname));
  await page.locator('[data-await-hydration]').first().waitFor({ state: 'detached' });
  return { context, page, parts };
}

describe('a cold first visit', () => {
  it('index.html preloads the shell’s first-load scripts and the composition; on a page the server drew, the scripts at low priority, after its pictures', async () => {
    const html = await (await fetch(shellUrl('/'))).text();
    expect(html).toContain('data-server-rendered');
    const preloaded = [...html.matchAll(/<link fetchpriority="low" rel=preload as=script href=\/([^ >]+)>/g)].map((match) => match[1]);
    // The home page's remote files too: every script preload of the page is a low-priority one.
    const scriptPreloads = html.match(/<link [^>]*as="?script"?[^>]*>/g) ?? [];
    expect(scriptPreloads.length).toBeGreaterThan(preloaded.length);
    expect(scriptPreloads.filter((tag) => !tag.startsWith('<link fetchpriority="low" '))).toEqual([]);
    const scripts = [...html.matchAll(/<script defer src=\/([^ >]+)>/g)].map((match) => match[1]);
    expect([...preloaded, ...scripts].sort()).toEqual(firstLoadScripts().sort());
    expect(html).toContain('<link rel=preload as=fetch href=/composition.json crossorigin=anonymous>');
    // The desktop header's main menu and search box, for wide screens only.
    const { desktop } = shellFirstLoad();
    expect(desktop).toHaveLength(1);
    for (const file of desktop) expect(html).toContain(`<link fetchpriority="low" rel=preload as=script href=/${file} media="(min-width: 992px)">`);
  });

  it('has every script of the first load, the shell’s and the page remote’s, start with V8’s compile hint, so it is compiled as it downloads', async () => {
    const html = await (await fetch(shellUrl('/'))).text();
    const scripts = [...html.matchAll(/<link [^>]*as="?script"?[^>]*href="?([^" >]+)"?[^>]*>|<script defer src=([^ >]+)>/g)].map((match) => match[1] ?? match[2] ?? '');
    expect(scripts.some((address) => address.includes('remoteEntry.js'))).toBe(true);
    for (const address of scripts) {
      const text = await (await fetch(new URL(address, shellUrl('/')))).text();
      expect([address, text.split('\n')[0]]).toEqual([address, '//# allFunctionsCalledOnLoad']);
    }
  });

  it('fetches each of them once: the page uses what was preloaded', async () => {
    const page = await browser.newPage();
    const fetched = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(shellUrl('/')).origin) fetched.set(url.pathname, (fetched.get(url.pathname) ?? 0) + 1);
    });
    await page.goto(shellUrl('/'));
    await page.getByRole('heading', { level: 1, name: 'Style and gear for every season' }).waitFor();
    // A desktop-sized page: its main menu is among them.
    for (const file of [...firstLoadScripts('desktop'), 'composition.json']) expect([file, fetched.get(`/${file}`)]).toEqual([file, 1]);
    // And no other script of the shell's: nothing the preloads missed, no copy of one under another
    // name. But those loaded once the first load is done, on purpose: the embeds' chunk, which the
    // cards' Add to Cart (the cart's) loads, and web-vitals' for the page view's health report.
    const others = [...fetched.keys()].filter((file) => file.endsWith('.js') && !file.startsWith('/later-embeds.') && !file.startsWith('/later-vitals.'));
    expect(others.sort()).toEqual(firstLoadScripts('desktop').map((file) => `/${file}`).sort());
    await page.close();
  });

  it('leaves the added-to-cart popup (the cart remote, on the home page) until the first interaction, and the cards’ Add to Cart until the first load is done', async () => {
    const page = await browser.newPage();
    const cartOrigin = new URL(remoteUrls()['mfe-cart'] ?? 'http://missing-mfe-cart-url').origin;
    const fromCart: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === cartOrigin) fromCart.push(new URL(request.url()).pathname);
    });
    let loaded = false;
    const beforeLoad: string[] = [];
    page.on('request', (request) => {
      if (!loaded && new URL(request.url()).origin === cartOrigin) beforeLoad.push(new URL(request.url()).pathname);
    });
    page.on('load', () => {
      loaded = true;
    });
    await page.goto(shellUrl('/'));
    await page.getByRole('heading', { level: 1, name: 'Style and gear for every season' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Nothing of the cart's before the page's load event; after it, the cards' Add to Cart and no popup.
    expect(beforeLoad).toEqual([]);
    expect(fromCart.filter((file) => /MiniPopup/.test(file))).toEqual([]);
    expect(fromCart.some((file) => /__federation_expose_AddToCart/.test(file))).toBe(true);
    const popupLoads = page.waitForRequest((request) => new URL(request.url()).origin === cartOrigin && /__federation_expose_MiniPopup/.test(request.url()));
    await page.getByRole('heading', { level: 1, name: 'Style and gear for every season' }).click();
    await popupLoads;
    await page.close();
  });

  it('the product page loads nothing of the catalog, on a phone or a desktop, until a desktop shopper reaches for the header’s search; the desktop header’s chunk only on a desktop', async () => {
    const api = new URL('/api/products?limit=1', shellUrl('/')).toString();
    const [product] = (await (await fetch(api)).json()) as { link: string; name: string }[];
    if (!product) throw new Error('the api has no products');
    const catalogOrigin = new URL(remoteUrls()['mfe-catalog'] ?? 'http://missing-mfe-catalog-url').origin;
    const shellOrigin = new URL(shellUrl('/')).origin;
    // A phone says it is one (its user agent and Sec-CH-UA-Mobile): the server draws its page for a phone, and the
    // browser hydrates that; a narrow window that says nothing is drawn for a desktop first.
    const requests = async (viewport: { width: number; height: number }, reachForSearch: boolean) => {
      const context = await browser.newContext({ viewport, ...(viewport.width < 500 ? { userAgent: PHONE_USER_AGENT, isMobile: true, hasTouch: true } : {}) });
      const page = await context.newPage();
      const fromCatalog: string[] = [];
      const fromShell: string[] = [];
      page.on('request', (request) => {
        const { origin, pathname } = new URL(request.url());
        if (origin === catalogOrigin) fromCatalog.push(pathname);
        if (origin === shellOrigin) fromShell.push(pathname);
      });
      await page.goto(shellUrl(`/product?id=${encodeURIComponent(product.link)}`));
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
      await page.waitForLoadState('networkidle');
      const beforeReaching = [...fromCatalog];
      if (reachForSearch) {
        await page.getByRole('searchbox', { name: 'Search products' }).hover();
        await page.getByRole('combobox', { name: 'Search products' }).waitFor();
      }
      await context.close();
      return { beforeReaching, fromCatalog, desktopHeader: fromShell.filter((file) => file.startsWith('/desktop-')) };
    };
    const phone = await requests({ width: 412, height: 823 }, false);
    expect(phone).toEqual({ beforeReaching: [], fromCatalog: [], desktopHeader: [] });
    const desktop = await requests({ width: 1280, height: 800 }, true);
    expect(desktop.beforeReaching).toEqual([]);
    expect(desktop.fromCatalog.some((file) => file.endsWith('/remoteEntry.js'))).toBe(true);
    expect(desktop.fromCatalog.some((file) => file.includes('HeaderSearch'))).toBe(true);
    expect(desktop.desktopHeader).toHaveLength(1);
  });

  it('the shop loads a layout’s own parts (a banner, the dropdowns, the infinite list) only on that layout, in time for its first render', async () => {
    const visit = (pathname: string) => visitWithSlowChunk('mfe-catalog', 'shop-layout-parts', pathname);
    const plain = await visit('/shop');
    await plain.page.waitForLoadState('networkidle');
    expect(plain.parts).toEqual([]);
    await plain.context.close();

    const boxed = await visit('/shop/boxed-slider');
    // Drawn by the first render, not a placeholder first.
    expect(await boxed.page.getByTestId('banner-slider').count()).toBe(1);
    expect(boxed.parts).toHaveLength(1);
    await boxed.context.close();
  });

  it('on a phone, the product page’s tabs, related products and sticky bar come with the first scroll, the server’s copy in view until then', async () => {
    const product = await variantProductInStock();
    const productOrigin = new URL(remoteUrls()['mfe-product'] ?? 'http://missing-mfe-product-url').origin;
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const chunks: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === productOrigin && /later-product-(lower|layouts)/.test(url.pathname)) chunks.push(url.pathname.replace(/^.*\/(later-product-[a-z]+).*$/, '$1'));
    });
    await page.goto(shellUrl(`/product?id=${encodeURIComponent(product.link)}`));
    await page.locator('[data-await-hydration]').first().waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    // Neither below the first screen nor another layout's: nothing loaded for them yet.
    expect(chunks).toEqual([]);
    const region = page.locator('[data-product-lower]');
    expect(await region.getAttribute('data-server-copy')).toBe('');
    expect(await region.locator('#product-tabs [role="tab"]').allTextContents()).toEqual(['Description', 'Additional information', expect.stringMatching(/^Reviews \(\d+\)$/)]);

    await page.mouse.wheel(0, 1200);
    const additional = page.getByRole('tab', { name: 'Additional information' });
    // A click on the server's copy brings its chunk and is made again on the live tab (LowerParts.tsx). The tab is chosen through the address
    // (?tab=additional), a router navigation React draws in a transition: a moment after the click
    // returns on a busy machine, so wait for the tab to be drawn selected.
    await additional.click();
    await page.getByRole('tab', { name: 'Additional information', selected: true }).waitFor({ timeout: 10_000 });
    expect(await additional.getAttribute('aria-selected')).toBe('true');
    expect(chunks).toEqual(['later-product-lower']);
    expect(await region.getAttribute('data-server-copy')).toBeNull();
    // Past the buy box, the sticky bar is there to add from.
    await page.getByRole('heading', { name: 'Related products' }).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('[data-testid="sticky-add-to-cart"]')?.getAttribute('aria-hidden') === 'false');
    await context.close();
  });

  it('a product layout besides the default one loads its own code in time for the first render', async () => {
    const product = await simpleProductInStock();
    const { context, page, parts: layouts } = await visitWithSlowChunk('mfe-product', 'later-product-layouts', `/product/left-sidebar/${encodeURIComponent(product.link)}`);
    // The browser's first render draws the sidebar, in its column: no skeleton first.
    expect(await page.getByRole('complementary', { name: 'Related products and shopping notes' }).count()).toBe(1);
    const [sidebar, gallery] = await Promise.all(['.prd-main__sidebar', '.prd-main__gallery'].map((selector) => page.locator(selector).boundingBox()));
    expect(sidebar && gallery && sidebar.x < gallery.x).toBe(true);
    expect(layouts).toHaveLength(1);
    await context.close();
  });

  it('the product page’s HTML preloads the product remote’s entry and page chunks, the page uses those preloads, and the browser reads no manifest', async () => {
    const api = new URL('/api/products?limit=1', shellUrl('/')).toString();
    const [product] = (await (await fetch(api)).json()) as { link: string; name: string }[];
    if (!product) throw new Error('the api has no products');
    const productBase = remoteUrls()['mfe-product'] ?? 'http://missing-mfe-product-url/';
    const address = shellUrl(`/product?id=${encodeURIComponent(product.link)}`);
    const html = await (await fetch(address)).text();
    // At low priority: the server drew the page (edge/src/page.ts).
    const preloaded = [...html.matchAll(/<link (?:fetchpriority="low" )?rel="preload" as="(?:fetch|script)" href="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(html).toContain(`<link fetchpriority="low" rel="preload" as="script" href="${productBase}remoteEntry.js">`);
    const fromProduct = preloaded.filter((href) => href.startsWith(productBase)).map((href) => href.slice(productBase.length));
    expect(fromProduct[0]).toBe('remoteEntry.js');
    expect(fromProduct).not.toContain('mf-manifest.json');
    expect(fromProduct.some((file) => file.startsWith('__federation_expose_ProductPage'))).toBe(true);

    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const fetched = new Map<string, number>();
    page.on('request', (request) => {
      if (request.url().startsWith(productBase)) fetched.set(request.url().slice(productBase.length), (fetched.get(request.url().slice(productBase.length)) ?? 0) + 1);
    });
    await page.goto(address);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    for (const file of fromProduct) expect([file, fetched.get(file)]).toEqual([file, 1]);
    // The composition gave the browser each remote's entry: it asks for no manifest.
    expect([...fetched.keys()].filter((file) => file.endsWith('mf-manifest.json'))).toEqual([]);
    await context.close();
  });

  it('draws the home, product and cart pages themselves on the first render, with no skeleton first, and asks the api once for what they show', async () => {
    const api = new URL('/api/products?limit=1', shellUrl('/')).toString();
    const [product] = (await (await fetch(api)).json()) as { link: string; name: string }[];
    if (!product) throw new Error('the api has no products');
    const productPath = `/api/products/${encodeURIComponent(product.link)}`;
    const visits = [
      { path: '/', heading: 'Style and gear for every season', asked: { '/api/cart': 1 } },
      { path: `/product?id=${encodeURIComponent(product.link)}`, heading: product.name, asked: { '/api/cart': 1, [productPath]: 1 } },
      { path: '/cart', heading: 'Cart', asked: { '/api/cart': 1 } },
    ];
    for (const { path: address, heading, asked } of visits) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await page.addInitScript(RECORD_SKELETONS);
      const requests: Record<string, number> = {};
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/api/cart' || pathname === productPath) requests[pathname] = (requests[pathname] ?? 0) + 1;
      });
      await page.goto(shellUrl(address));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (address === '/cart') await page.getByText('No products in the cart.').waitFor();
      await page.waitForLoadState('networkidle');
      expect([address, await page.evaluate('window.__skeletonsSeen')]).toEqual([address, []]);
      expect([address, requests]).toEqual([address, asked]);
      await context.close();
    }
  });
});

describe('a page left open', () => {
  it('does no painting work once loaded: every animation still running moves only transform or opacity, and the footer’s waiting lines are still', async () => {
    const visits = [
      { address: '/', heading: 'Style and gear for every season' },
      { address: '/shop', heading: 'Shop' },
      { address: '/cart', heading: 'Cart' },
    ];
    for (const { address, heading } of visits) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, userAgent: PHONE_USER_AGENT, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(shellUrl(address));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.locator('[data-await-hydration]').first().waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      // A running animation of anything but transform and opacity is painted again on the main thread every frame.
      const painted = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .flatMap((animation) => {
            const effect = animation.effect as KeyframeEffect | null;
            const properties = (effect?.getKeyframes() ?? []).flatMap((frame) => Object.keys(frame)).filter((key) => !['offset', 'computedOffset', 'easing', 'composite', 'transform', 'opacity'].includes(key));
            const target = effect?.target;
            return properties.length > 0 ? [`${target instanceof Element ? target.className : String(target)}${effect?.pseudoElement ?? ''}: ${[...new Set(properties)].join(', ')}`] : [];
          }),
      );
      expect([address, painted]).toEqual([address, []]);
      // Lines that hold the shop's address until the footer comes near: nothing is loading, nothing moves.
      const waiting = await page.locator('.shell-footer__contact-placeholder').evaluate((element) => element.getAnimations({ subtree: true }).length);
      expect([address, waiting]).toEqual([address, 0]);
      await context.close();
    }
  });
});

/** Notes every page-sized skeleton (the shell's region skeleton, the product and cart pages') ever drawn. */
const RECORD_SKELETONS = `(() => {
  const seen = [];
  window.__skeletonsSeen = seen;
  new MutationObserver(() => {
    for (const element of document.querySelectorAll('.shell-region-loading, .prd-skeleton, .crt-page[aria-busy="true"]')) {
      if (!seen.includes(element.className)) seen.push(element.className);
    }
  }).observe(document, { childList: true, subtree: true });
})();`;
