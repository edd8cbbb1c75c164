/**
 * Section 5 of the benchmark: the server's page, live at once, and a server render
 * that holds under load. The browser's figures side by side with the replace-render the store
 * had before (lib/replaceRender.ts: the same pages, drawn again by the browser).
 *
 * - Taps: on a throttled phone (Lighthouse's mobile settings), Add to Cart on the shop and on a
 *   product is tapped the moment it is painted, once per visit: how often the line reaches the
 *   cart, with quantity 1, and how often the tap came before the page was hydrated.
 * - Interactions on the throttled phone once the page is in: the longest event of each (what INP
 *   counts), for adding to the cart, opening the shop's filter drawer and the cart dropdown, each
 *   control tapped a second after it was scrolled into view.
 * - Cold loads of home, shop, a product and the cart on the throttled phone: FCP, LCP and when
 *   the page was live.
 * - Load: home, shop and a product at 20 connections through the edge: guests' pages (no cookie)
 *   with the guest page cache (guestPages.ts), and shoppers' there (a cookie: the guests' page
 *   where it reads nothing of theirs but their cart and wishlist and these are empty; its region
 *   in a frame drawn for them where it does not show the lists they have something in; else
 *   drawn for them), a shopper whose lists are empty, one with a cart line and one whose wishlist
 *   holds a product none of the pages shows; a shopper's each drawn
 *   for them and streamed (an edge with GUEST_PAGE_TTL_MS=0) in a render thread
 *   (renderThreads.ts) and in the edge's own thread (RENDER_THREADS=0); and one shopper alone, at
 *   one connection, drawn for them. The first bytes beside the whole page, and the api's answers
 *   through the same edge meanwhile (asked from a thread of the bench's own, beside the pages').
 * - Empty roots under load: 1 000 pages of home, shop and a product at 50 connections, with a
 *   process spinning a core beside the edge and the guest page cache off, for guests and for a
 *   shopper (a cookie): how many went out with an empty #root, how many as the page's skeleton
 *   (its render failed), and how many drawn (edge/src/lastGoodPages.ts).
 * - Lighthouse 12's mobile audit of home, shop, a product and the cart (lib/lighthouse.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@storefront/e2e/browser';
import { buildShellEdge } from '@storefront/edge/app';
import { liveRemotes } from '@storefront/edge/composition';
import { loadRenderer, RENDER_LIMIT_MS } from '@storefront/edge/server-render';
import { readEdgeSettings } from '@storefront/edge/settings';
import { startStore } from '@storefront/scripts/start-store';
import { shellBundleFile } from '@storefront/scripts/start-edge';
import { AWAITING_BROWSER, measureRoute, readPage, type RouteMeasurement } from './lib/frontEnd';
import { interactionsOf, measureInteraction, productToAdd, throttled } from './lib/interactions';
import { auditPages, type LighthouseFigures } from './lib/lighthouse';
import { startReplaceRenderProxy } from './lib/replaceRender';
import { storePorts } from './lib/servers';
import { rotated } from './lib/sideBySide';
import { median } from './lib/stats';
import { emptyRootsUnderHog, newShopper, shopperWishing, shopperWithALine, underLoad, type EmptyRootFigures, type PageLoadFigures } from './lib/pagesUnderLoad';


/**
 * How the browser takes over the server's page: it hydrates it (as served), or draws it again
 * and replaces it, as the store did before it hydrated its pages (lib/replaceRender.ts), side by side.
 */
export const RENDERS = ['hydrated', 'replaced'] as const;
export type Render = (typeof RENDERS)[number];

export interface TapFigures {
  route: string;
  render: Render;
  tries: number;
  /** Visits whose cart then held the product once, with quantity 1. */
  reachedOnce: number;
  /** Taps made while the part tapped was still the server's, waiting to be hydrated. */
  beforeHydration: number;
  /** Median time from the page's request to the tap (when Add to Cart was painted). */
  tappedAtMs: number;
}

export interface InteractionFigures {
  interaction: string;
  render: Render;
  /** The longest event of the interaction (INP's measure), median over the runs. */
  medianMs: number;
  maxMs: number;
}


/** A cold load on the throttled phone, medians over the runs. */
export interface PaintFigures {
  route: string;
  render: Render;
  runs: number;
  fcp: number;
  lcp: number;
  /** From the page's request until no part of it awaits hydration (the browser's render, for the replace-render). */
  liveMs: number;
}


export interface HydrationFigures {
  taps: TapFigures[];
  emptyRoots: EmptyRootFigures[];
  interactions: InteractionFigures[];
  paints: PaintFigures[];
  load: PageLoadFigures[];
  /** As served (hydrated). */
  lighthouse: LighthouseFigures[];
  /** The same pages as the replace-render served them. */
  lighthouseReplaced: LighthouseFigures[];
}

/**
 * Cold loads of each page on the throttled phone, hydrated and replaced in turn (each run starting
 * with the next), after one load of each to warm the servers: medians of FCP, LCP and the
 * moment the page was live.
 */
async function paintsSideBySide(browser: Browser, pages: readonly { route: string; path: string }[], at: (render: Render, routePath: string) => string, runs: number, log: (line: string) => void): Promise<PaintFigures[]> {
  const figures: PaintFigures[] = [];
  for (const { route, path: routePath } of pages) {
    for (const render of RENDERS) await measureRoute(browser, at(render, routePath));
    const measured: Record<Render, RouteMeasurement[]> = { hydrated: [], replaced: [] };
    for (let run = 0; run < runs; run += 1) {
      for (const render of rotated(RENDERS, run)) measured[render].push(await measureRoute(browser, at(render, routePath)));
    }
    for (const render of RENDERS) {
      const of = (pick: (load: RouteMeasurement) => number) => median(measured[render].map(pick));
      const row = { route, render, runs, fcp: of((load) => load.fcp), lcp: of((load) => load.lcp), liveMs: of((load) => load.live) };
      figures.push(row);
      log(`paints: ${route} (${render}) FCP ${row.fcp.toFixed(0)} ms, LCP ${row.lcp.toFixed(0)} ms, live at ${row.liveMs.toFixed(0)} ms`);
    }
  }
  return figures;
}


const CART_LINES = `fetch('/api/cart', { credentials: 'include' }).then((r) => r.json()).then((lines) => lines.map((line) => [line.name, line.qty]))`;

/**
 * A tap kept for the hydration is replayed as the page comes alive, and its line is in the cart
 * within a round trip or two of the api on the throttled phone; none this long after, the tap was lost.
 */
const LOST_AFTER_LIVE_MS = 4000;

async function tapOnce(browser: Browser, url: string, button: (page: Page) => ReturnType<Page['getByRole']>, name: string): Promise<{ once: boolean; early: boolean; at: number }> {
  const { page, cdp, close } = await throttled(browser);
  try {
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const add = button(page);
    await add.waitFor({ state: 'visible', timeout: 30_000 });
    const at = Date.now() - started;
    const early = await readPage<boolean>(cdp, `document.querySelector('[data-remote]${AWAITING_BROWSER}') !== null`);
    await add.tap({ timeout: 30_000 });
    // Until the line is in, or the page has been live for a while without it (a tap lost).
    const deadline = Date.now() + 20_000;
    let liveSince = Number.POSITIVE_INFINITY;
    let lines: [string, number][] = [];
    while (Date.now() < deadline && Date.now() - liveSince < LOST_AFTER_LIVE_MS) {
      lines = await readPage<[string, number][]>(cdp, CART_LINES).catch(() => []);
      if (lines.length > 0) break;
      if (liveSince === Number.POSITIVE_INFINITY && (await readPage<boolean>(cdp, `document.querySelector('${AWAITING_BROWSER}') === null`).catch(() => false))) liveSince = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Time for a second add, had one been made.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    lines = await readPage<[string, number][]>(cdp, CART_LINES).catch(() => lines);
    return { once: lines.length === 1 && lines[0]?.[0] === name && lines[0][1] === 1, early, at };
  } finally {
    await close();
  }
}

/**
 * The longest event with an interaction id of a tap on `control`: what INP counts for the
 * interaction. The control is scrolled into view first and the page left a second, as a shopper
 * sees a button before tapping it: the product's Add to Cart is below a phone's first screen, and
 * a scroll loads the product page's lower parts, which a tap made in the same millisecond as the
 * scroll (no thumb is that quick) measured along with it.
 */

export async function benchHydration(tries: number, lighthouseRuns: number, log: (line: string) => void): Promise<HydrationFigures> {
  const ports = storePorts();
  const work = await mkdtemp(path.join(os.tmpdir(), 'storefront-bench-hydration-'));
  const { renderThreads, renderTimeoutMs } = readEdgeSettings(process.env);
  const store = await startStore({ ports, dataDir: path.join(work, 'data'), apiOutput: 'ignore', log: () => undefined, compositionFile: path.join(work, 'composition.json'), serverRender: true, renderThreads, renderTimeoutMs });
  const { shellEdgeOptions } = store;
  if (!shellEdgeOptions.render) throw new Error('the store did not render on the server: build the shell first (npm run build -w shell)');
  const uncached = await buildShellEdge({ ...shellEdgeOptions, render: { ...shellEdgeOptions.render, guestPageTtlMs: 0 } });
  await uncached.listen({ port: ports.shell + 30, host: '127.0.0.1' });
  const uncachedUrl = `http://localhost:${ports.shell + 30}`;
  // The same, drawing in the edge's own thread, as RENDER_THREADS=0 does.
  const { composition } = shellEdgeOptions;
  const ownThread = await loadRenderer({ shellBundle: shellBundleFile(shellEdgeOptions.dist), timeoutMs: RENDER_LIMIT_MS, live: await liveRemotes(composition) }, () => liveRemotes(composition));
  const inEdgeThread = await buildShellEdge({ ...shellEdgeOptions, render: { draw: ownThread.draw, guestPageTtlMs: 0, budgetMs: renderTimeoutMs } });
  await inEdgeThread.listen({ port: ports.shell + 31, host: '127.0.0.1' });
  const inEdgeThreadUrl = `http://localhost:${ports.shell + 31}`;
  const replaceRender = await startReplaceRenderProxy(store.shellUrl, ports.shell + 32);
  const browser = await launchBrowser({ shopper: true });
  try {
    const { products, product } = await productToAdd(store.apiUrl);
    const origins: Record<Render, string> = { hydrated: store.shellUrl, replaced: replaceRender.url };
    const at = (render: Render, routePath: string) => new URL(routePath, origins[render]).toString();
    const shopPath = `/shop?search=${encodeURIComponent(product.name)}`;
    const productPath = `/product?id=${encodeURIComponent(product.link)}`;

    const taps: TapFigures[] = [];
    for (const [route, routePath, button] of [
      ['shop', shopPath, (page: Page) => page.getByRole('button', { name: `Add to Cart: ${product.name}`, exact: true }).first()],
      ['product', productPath, (page: Page) => page.locator('[data-remote="mfe-product"]').getByRole('button', { name: 'Add to Cart', exact: true }).first()],
    ] as const) {
      for (const render of RENDERS) {
        const results = [];
        for (let run = 0; run < tries; run += 1) results.push(await tapOnce(browser, at(render, routePath), button, product.name));
        const figures = { route, render, tries, reachedOnce: results.filter((result) => result.once).length, beforeHydration: results.filter((result) => result.early).length, tappedAtMs: median(results.map((result) => result.at)) };
        taps.push(figures);
        log(`taps: ${route} (${render}) ${figures.reachedOnce} of ${tries} reached the cart once (${figures.beforeHydration} before the browser took over; tapped at ${figures.tappedAtMs.toFixed(0)} ms)`);
      }
    }

    const interactions: InteractionFigures[] = [];
    for (const { name, path: routePath, control } of interactionsOf(productPath)) {
      for (const render of RENDERS) {
        const runs: number[] = [];
        for (let run = 0; run < Math.min(tries, 5); run += 1) runs.push(await measureInteraction(browser, at(render, routePath), control));
        interactions.push({ interaction: name, render, medianMs: median(runs), maxMs: Math.max(...runs) });
        log(`interaction: ${name} (${render}) ${median(runs).toFixed(0)} ms (max ${Math.max(...runs).toFixed(0)})`);
      }
    }

    const pages = [
      { route: 'home', path: '/' },
      { route: 'shop', path: '/shop' },
      { route: 'product', path: productPath },
      { route: 'cart', path: '/cart' },
    ];
    const paints = await paintsSideBySide(browser, pages, at, lighthouseRuns, log);

    const load: PageLoadFigures[] = [];
    const shopperCookie = await newShopper(store.shellUrl);
    // Another product than the product page's: that page shows only its own product's line of the cart.
    const lineProduct = products.find((item) => item.id !== product.id && !item.has_variants && !item.out_of_stock);
    if (!lineProduct) throw new Error('the api has a single simple product in stock');
    const lineCookie = await shopperWithALine(store.shellUrl, lineProduct.id);
    // A product none of the three pages shows (the page's answers, in its HTML, name each it shows).
    const routes = [
      ['home', '/'],
      ['shop', '/shop'],
      ['product', `/product?id=${encodeURIComponent(product.link)}`],
    ] as const;
    const guestPages = await Promise.all(routes.map(async ([, routePath]) => (await fetch(new URL(routePath, store.shellUrl))).text()));
    const unshown = products.find((item) => guestPages.every((html) => !html.includes(`"id":${JSON.stringify(item.id)}`)));
    if (!unshown) throw new Error('every product the api listed is on the home page, the shop or the product page');
    const wishlistCookie = await shopperWishing(store.shellUrl, unshown.id);
    for (const [route, routePath] of routes) {
      for (const [cache, origin, options] of [
        ['guest cache', store.shellUrl, {}],
        ['shoppers, guest cache', store.shellUrl, { cookie: shopperCookie }],
        ['a cart line, guest cache', store.shellUrl, { cookie: lineCookie }],
        ['a wishlist, guest cache', store.shellUrl, { cookie: wishlistCookie }],
        ['no cache', uncachedUrl, { cookie: shopperCookie }],
        ['a cart line, no cache', uncachedUrl, { cookie: lineCookie }],
        // As many pages at once as a render thread holds: every one drawn, so these compare what a drawing costs.
        ['a cart line, guest cache, 4 connections', store.shellUrl, { cookie: lineCookie, connections: 4 }],
        ['a cart line, no cache, 4 connections', uncachedUrl, { cookie: lineCookie, connections: 4 }],
        ["no cache, edge's thread", inEdgeThreadUrl, { cookie: shopperCookie }],
        ['a shopper alone', uncachedUrl, { cookie: shopperCookie, connections: 1 }],
      ] as const) {
        const figures = await underLoad(new URL(routePath, origin).toString(), new URL('/api/products?limit=12', origin).toString(), options);
        load.push({ route, cache, ...figures });
        log(`load: ${route} (${cache}) ${figures.pagesPerSecond.toFixed(0)} pages/s, ${(figures.drawnShare * 100).toFixed(0)}% drawn by the server, p50 ${figures.p50} ms (first bytes ${figures.firstByteP50.toFixed(1)} ms); /api p99 ${figures.apiP99} ms meanwhile`);
      }
    }
    // Under a CPU hog, the guest page cache off (the edge that keeps no page): no page goes out empty.
    const emptyRoots: EmptyRootFigures[] = [];
    for (const [route, routePath] of routes) {
      for (const [visitor, cookie] of [
        ['guest', undefined],
        ['shopper', lineCookie],
      ] as const) {
        const figures = await emptyRootsUnderHog(new URL(routePath, uncachedUrl).toString(), cookie);
        emptyRoots.push({ route, visitor, ...figures });
        log(`empty roots: ${route} (${visitor}, a core spun beside the edge, no guest cache) ${figures.emptyRoots} of ${figures.pages} (${figures.skeletons} skeletons), p50 ${figures.p50} ms, p99 ${figures.p99} ms`);
      }
    }
    const lighthouse = await auditPages(pages.map(({ route, path: routePath }) => ({ route, url: at('hydrated', routePath) })), lighthouseRuns, log);
    const lighthouseReplaced = await auditPages(pages.map(({ route, path: routePath }) => ({ route, url: at('replaced', routePath) })), lighthouseRuns, (line) => log(`${line} (replaced)`));
    return { taps, emptyRoots, interactions, paints, load, lighthouse, lighthouseReplaced };
  } finally {
    await browser.close();
    await replaceRender.close();
    await uncached.close();
    await inEdgeThread.close();
    ownThread.close();
    await store.stop();
    await rm(work, { recursive: true, force: true });
  }
}
