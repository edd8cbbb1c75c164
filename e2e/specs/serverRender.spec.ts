/**
 * The first screen from the server (edge/src/serverRender.ts): the home page, the shop,
 * product, cart, checkout, wishlist, sign-in and password pages arrive drawn, inside the header and footer, before any script has run; the browser's own render
 * then hydrates it in place and the page answers input (hydration.spec.ts: taps before that).
 */
import { execFile } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import type { Product } from '@storefront/shared';
import { cartLineKey, effectivePrice } from '@storefront/shared/domain';
import { packageVersion, REMOTES, ROOT } from '@storefront/edge/packages';
import { serverRemoteOf } from '@storefront/edge/server-render';
import { SERVER_QUERIES_ELEMENT_ID } from '@storefront/shared/ssr/contract';
import { apiUrl, fetchProducts, otherSimpleProduct, simpleProductInStock } from '../support/api';
import { collectPageErrors, launchBrowser, PHONE_USER_AGENT, phoneContext, remoteUrls, shellUrl } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Text as React writes it into HTML. */
const escapedHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The cart line a product's page adds for a simple product. */
const cartLineOf = (product: Product, qty: number) => ({ id: cartLineKey(product), name: product.name, price: effectivePrice(product), has_variants: false, small_pictures: product.small_pictures, qty });

/** The quantity a product page's purchase panel starts at, as the server drew it. */
const startingQuantity = (html: string) => /<input id="[^"]*" class="sf-qty__input"[^>]* value="(\d+)"/.exec(html)?.[1];

/** The cookies an answer set, as a browser would send them back. */
const cookieOf = (response: Response) => response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');

/** A GET over a plain socket: the status, and the body in the chunks the server wrote (HTTP/1.1 chunked encoding), or whole. */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; chunks: string[] }> {
  const { hostname, port, pathname, search } = new URL(url);
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      const lines = [`GET ${pathname}${search} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    const received: Buffer[] = [];
    socket.on('data', (data) => received.push(data));
    socket.on('end', () => resolve(Buffer.concat(received)));
    socket.on('error', reject);
  });
  const headEnd = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, headEnd).toString();
  const status = Number(head.split(' ')[1]);
  let body = raw.subarray(headEnd + 4);
  if (!/^transfer-encoding:\s*chunked/im.test(head)) return { status, chunks: [body.toString()] };
  const chunks: string[] = [];
  for (;;) {
    const lineEnd = body.indexOf('\r\n');
    const size = parseInt(body.subarray(0, lineEnd).toString(), 16);
    if (!size) return { status, chunks };
    chunks.push(body.subarray(lineEnd + 2, lineEnd + 2 + size).toString());
    body = body.subarray(lineEnd + 2 + size + 2);
  }
}

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

  it('sends a product page with the product, at the quantity the shopper’s cart already holds', async () => {
    const product = await simpleProductInStock();
    const address = shellUrl(`/product?id=${encodeURIComponent(product.link)}`);
    const fresh = await (await fetch(address)).text();
    expect(fresh).toContain('data-remote="mfe-product" data-remote-module="ProductPage"');
    expect(fresh).toContain(`>${product.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}</h1>`);
    expect(startingQuantity(fresh)).toBe('1');
    // Two in this shopper's cart: their page starts at two, as the browser's render would.
    const line = cartLineOf(product, 2);
    const added = await fetch(shellUrl('/api/cart'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(line) });
    expect(added.status).toBe(201);
    const cookie = cookieOf(added);
    const theirs = await fetch(address, { headers: { Cookie: cookie } });
    const html = await theirs.text();
    expect(startingQuantity(html)).toBe('2');
    // The header counts the cart the page read.
    expect(html).toContain('aria-label="Cart, 2 items"');
    // Theirs alone: no shared cache may keep it for another shopper.
    expect(theirs.headers.get('cache-control')).toBe('private, no-cache');
    // Another product's page shows none of their cart but the header's count: it starts at one.
    // (Drawn for guests first, the edge gives them that region in a header drawn for them.)
    const other = await otherSimpleProduct(product);
    const otherAddress = shellUrl(`/product?id=${encodeURIComponent(other.link)}`);
    expect(startingQuantity(await (await fetch(otherAddress)).text())).toBe('1');
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await (await fetch(otherAddress, { headers: { Cookie: cookie } })).text();
      expect([visit, startingQuantity(page), page.includes('aria-label="Cart, 2 items"')]).toEqual([visit, '1', true]);
      expect(page).toContain(`>${other.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')}</h1>`);
    }
    // And their own product's page, which the guests' region would start at one, still starts at two.
    expect(startingQuantity(await (await fetch(address, { headers: { Cookie: cookie } })).text())).toBe('2');
  });

  it('sends the cart page with the lines of the shopper whose cookie came with it, and theirs alone', async () => {
    const fresh = await (await fetch(shellUrl('/cart'))).text();
    expect(fresh).toContain('data-remote="mfe-cart" data-remote-module="CartPage"');
    expect(fresh).toContain('No products in the cart.');
    const product = await simpleProductInStock();
    const line = cartLineOf(product, 3);
    const added = await fetch(shellUrl('/api/cart'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(line) });
    expect(added.status).toBe(201);
    const cookie = cookieOf(added);
    const theirs = await fetch(shellUrl('/cart'), { headers: { Cookie: cookie } });
    expect(theirs.headers.get('cache-control')).toBe('private, no-cache');
    const html = await theirs.text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toContain(escapedHtml(product.name));
    expect(root).toMatch(/class="sf-qty__input"[^>]* value="3"/);
    expect(root).not.toContain('No products in the cart.');
    // The header counts the same cart the page shows.
    expect(root).toContain('aria-label="Cart, 3 items"');
    // No skeleton in the page.
    expect(root.slice(root.indexOf('data-remote="mfe-cart"'))).not.toContain('aria-busy="true"');
    // Another shopper (no cookie) still gets an empty cart.
    expect(await (await fetch(shellUrl('/cart'))).text()).not.toContain(escapedHtml(product.name));
  });

  it('streams a shopper’s page: the head with the shell’s scripts first, while their cart is drawn, then the page with its title', async () => {
    const product = await simpleProductInStock();
    const added = await fetch(shellUrl('/api/cart'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(cartLineOf(product, 1)) });
    expect(added.status).toBe(201);
    // The parts as the edge wrote them: its chunks of HTTP/1.1 chunked encoding, which no network
    // buffer merges. A page drawn before its status was known goes out whole, as it should: a few
    // tries, on a busy machine, meet one still being drawn.
    let chunks: string[] = [];
    for (let attempt = 0; attempt < 5 && chunks.length < 2; attempt += 1) {
      const response = await rawGet(shellUrl('/cart'), { Cookie: cookieOf(added), 'Accept-Encoding': 'identity' });
      expect(response.status).toBe(200);
      chunks = response.chunks;
    }
    expect(chunks.length).toBeGreaterThan(1);
    // The first part is the head so far: the shell's scripts are fetched while the page is drawn.
    const [first = ''] = chunks;
    expect(first).toMatch(/<script defer src=\/main\.[0-9a-f]+\.js><\/script>/);
    expect(first).not.toContain('<title>');
    expect(first).not.toContain('id="root"');
    const html = chunks.join('');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Your cart | Jacaranda</title>');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
    expect(html.slice(html.indexOf('<div id="root"'))).toContain(escapedHtml(product.name));
  });

  it('gives a shopper whose cart and wishlist are empty the guests’ home, shop and product pages, kept drawn', async () => {
    const product = await simpleProductInStock();
    const line = cartLineOf(product, 1);
    const added = await fetch(shellUrl('/api/cart'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(line) });
    expect(added.status).toBe(201);
    const cookie = cookieOf(added);
    expect((await fetch(shellUrl(`/api/cart/${encodeURIComponent(line.id)}`), { method: 'DELETE', headers: { Cookie: cookie } })).status).toBe(200);
    for (const pathname of ['/', '/shop', `/product?id=${encodeURIComponent(product.link)}`]) {
      // The edge learns from a drawing that the page reads nothing of the shopper's but their
      // lists; then a shopper whose lists the api says are empty gets the guests' page, kept
      // drawn: whole (not streamed), and the same.
      await fetch(shellUrl(pathname), { headers: { Cookie: cookie } });
      const guest = await rawGet(shellUrl(pathname), { 'Accept-Encoding': 'identity' });
      const shopper = await rawGet(shellUrl(pathname), { Cookie: cookie, 'Accept-Encoding': 'identity' });
      expect([pathname, shopper.chunks.length]).toEqual([pathname, 1]);
      expect(shopper.chunks[0]).toBe(guest.chunks[0]);
      expect(shopper.chunks[0]).toContain('data-server-rendered');
      expect(shopper.chunks[0]).toContain('aria-label="Cart, 0 items"');
    }
  });

  it('draws the pages of a shopper whose cart or wishlist holds something for them: their counts, their quantity, their cart', async () => {
    const product = await simpleProductInStock();
    const productPath = `/product?id=${encodeURIComponent(product.link)}`;
    const added = await fetch(shellUrl('/api/cart'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(cartLineOf(product, 3)) });
    expect(added.status).toBe(201);
    const cookie = cookieOf(added);
    const pageOf = async (pathname: string, headers: Record<string, string> = {}) => (await fetch(shellUrl(pathname), { headers })).text();
    for (const pathname of ['/', '/shop', productPath]) {
      // Asked twice: the second comes once the edge has learnt the page is the guests' for empty lists.
      for (const html of [await pageOf(pathname, { Cookie: cookie }), await pageOf(pathname, { Cookie: cookie })]) {
        expect([pathname, html.includes('aria-label="Cart, 3 items"')]).toEqual([pathname, true]);
      }
      expect([pathname, (await pageOf(pathname)).includes('aria-label="Cart, 0 items"')]).toEqual([pathname, true]);
    }
    expect(startingQuantity(await pageOf(productPath, { Cookie: cookie }))).toBe('3');
    expect(startingQuantity(await pageOf(productPath))).toBe('1');
    // A wishlist alone is counted too.
    const wished = await fetch(shellUrl('/api/wishlist'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: product.id }) });
    expect(wished.status).toBe(201);
    expect(await pageOf('/', { Cookie: cookieOf(wished) })).toContain('aria-label="Wishlist, 1 item"');
    // Their cart is theirs, and only theirs.
    const cart = await pageOf('/cart', { Cookie: cookie });
    expect(cart.slice(cart.indexOf('<div id="root"'))).toContain(escapedHtml(product.name));
    expect(await pageOf('/cart')).not.toContain(escapedHtml(product.name));
  });

  it('draws one frame for shoppers whose carts hold as much: the same header, each page carrying its own shopper’s cart', async () => {
    const product = await simpleProductInStock();
    const other = await otherSimpleProduct(product);
    const shopperWith = async (inCart: Product) => {
      const added = await fetch(shellUrl('/api/cart'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(cartLineOf(inCart, 2)) });
      expect(added.status).toBe(201);
      return cookieOf(added);
    };
    const ann = await shopperWith(product);
    const ben = await shopperWith(other);
    const pageOf = async (pathname: string, cookie: string) => (await fetch(shellUrl(pathname), { headers: { Cookie: cookie } })).text();
    /** The products of the cart the page's store starts with (edge/src/shopperFrames.ts's withTheirLists). */
    const cartIn = (html: string) => {
      const json = html.slice(html.indexOf(`id="${SERVER_QUERIES_ELEMENT_ID}">`) + SERVER_QUERIES_ELEMENT_ID.length + 6);
      const answers = JSON.parse(json.slice(0, json.indexOf('</script>'))) as { endpointName: string; value: { link: string; qty: number }[] }[];
      return answers.find((entry) => entry.endpointName === 'getCart')?.value.map((line) => `${line.link} × ${line.qty}`);
    };
    const frameOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('</div><script type="application/json"'));
    for (const pathname of ['/', '/shop']) {
      // The first drawing teaches the edge that the page reads nothing of a shopper's but their lists.
      await pageOf(pathname, ann);
      const [annPage, benPage] = [await pageOf(pathname, ann), await pageOf(pathname, ben)];
      for (const html of [annPage, benPage]) {
        expect([pathname, html.includes('id="root" data-server-rendered'), html.includes('aria-label="Cart, 2 items"')]).toEqual([pathname, true, true]);
      }
      // Their frames are one drawing, which showed nothing of either cart but how much it holds…
      expect(frameOf(benPage)).toBe(frameOf(annPage));
      // …and each page's store starts with its own shopper's cart, and only theirs.
      expect([pathname, cartIn(annPage), cartIn(benPage)]).toEqual([pathname, [`${product.link} × 2`], [`${other.link} × 2`]]);
    }
  });

  it('draws one frame for shoppers whose wishlists hold as much of what the page does not show: the guests’ hearts, each page carrying its own shopper’s wishlist', async () => {
    const product = await simpleProductInStock();
    const productPath = `/product?id=${encodeURIComponent(product.link)}`;
    const pageOf = async (pathname: string, cookie?: string) => (await fetch(shellUrl(pathname), { headers: cookie ? { Cookie: cookie } : {} })).text();
    /** The answers the page's store starts with. */
    const answersIn = (html: string) => {
      const json = html.slice(html.indexOf(`id="${SERVER_QUERIES_ELEMENT_ID}">`) + SERVER_QUERIES_ELEMENT_ID.length + 6);
      return JSON.parse(json.slice(0, json.indexOf('</script>'))) as { endpointName: string; value: unknown }[];
    };
    /** The products a page shows: its listings' and its product's. */
    const productsOn = (html: string) =>
      new Set(
        answersIn(html).flatMap(({ endpointName, value }) =>
          endpointName === 'getProducts' ? (value as { products: Product[] }).products.map((shown) => shown.id) : endpointName === 'getProduct' ? [(value as Product).id] : [],
        ),
      );
    const wishlistIn = (html: string) => (answersIn(html).find((entry) => entry.endpointName === 'getWishlist')?.value as Product[] | undefined)?.map((item) => item.id);
    const frameOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('</div><script type="application/json"'));
    const shopperWishing = async (wished: Product) => {
      const added = await fetch(shellUrl('/api/wishlist'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: wished.id }) });
      expect(added.status).toBe(201);
      return cookieOf(added);
    };
    const catalogue = await fetchProducts();
    for (const pathname of ['/', '/shop', productPath]) {
      const shown = productsOn(await pageOf(pathname));
      expect([pathname, shown.size > 0]).toEqual([pathname, true]);
      const [annWishes, benWishes] = catalogue.filter((candidate) => !shown.has(candidate.id));
      if (!annWishes || !benWishes) throw new Error(`the seeded catalogue has not two products that ${pathname} does not show`);
      const [ann, ben] = [await shopperWishing(annWishes), await shopperWishing(benWishes)];
      // The first drawing teaches the edge that the page shows only the wishlist's hearts of the products it shows.
      await pageOf(pathname, ann);
      const [annPage, benPage] = [await pageOf(pathname, ann), await pageOf(pathname, ben)];
      for (const html of [annPage, benPage]) {
        expect([pathname, html.includes('id="root" data-server-rendered'), html.includes('aria-label="Wishlist, 1 item"')]).toEqual([pathname, true, true]);
      }
      // One drawing, showing nothing of either wishlist but how much it holds…
      expect([pathname, frameOf(benPage) === frameOf(annPage)]).toEqual([pathname, true]);
      // …and each page's store starts with its own shopper's wishlist, and only theirs.
      expect([pathname, wishlistIn(annPage), wishlistIn(benPage)]).toEqual([pathname, [annWishes.id], [benWishes.id]]);
    }
    expect(await pageOf(productPath, await shopperWishing(await otherSimpleProduct(product)))).toContain('>Add to Wishlist</button>');
    // A wishlist holding the page's own product: drawn for its shopper.
    const holding = await pageOf(productPath, await shopperWishing(product));
    expect([holding.includes('>Go to Wishlist</button>'), holding.includes('aria-label="Wishlist, 1 item"')]).toEqual([true, true]);
  });

  it('hands the server’s cart page over to a browser render whose quantities save', async () => {
    const context = await phoneContext(browser);
    const product = await simpleProductInStock();
    const line = cartLineOf(product, 1);
    const added = await context.request.post(shellUrl('/api/cart'), { data: line });
    expect(added.status()).toBe(201);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/cart'));
    // goto has waited for the takeover: the browser draws the same line, once.
    expect(await page.locator('[data-await-hydration]').count()).toBe(0);
    const quantity = page.getByLabel(`Quantity of ${product.name}`);
    expect(await quantity.count()).toBe(1);
    expect(await quantity.inputValue()).toBe('1');
    const saved = page.waitForResponse((response) => response.url().includes('/api/cart') && response.request().method() === 'PATCH');
    await quantity.fill('2');
    expect((await saved).ok()).toBe(true);
    const cart = (await (await context.request.get(shellUrl('/api/cart'))).json()) as { id: string; qty: number }[];
    expect(cart.find((item) => item.id === line.id)?.qty).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the checkout page with the shopper’s order and an empty form, which the browser’s render then fills in', async () => {
    const context = await phoneContext(browser);
    const product = await simpleProductInStock();
    const line = cartLineOf(product, 2);
    expect((await context.request.post(shellUrl('/api/cart'), { data: line })).status()).toBe(201);
    const html = await (await context.request.get(shellUrl('/checkout?delivery=collect'))).text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toContain('data-remote="mfe-cart" data-remote-module="CheckoutPage"');
    expect(root).toContain(escapedHtml(product.name));
    expect(root).toContain('First name');
    // The delivery choice in the address is the one drawn.
    expect(root).toMatch(/<input[^>]*value="collect"[^>]*checked=""|<input[^>]*checked=""[^>]*value="collect"/);

    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(shellUrl('/checkout?delivery=collect'));
    expect(await page.locator('[data-await-hydration]').count()).toBe(0);
    const firstName = page.getByLabel('First name');
    await firstName.fill('Thandi');
    expect(await firstName.inputValue()).toBe('Thandi');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the wishlist page with the shopper’s own products, which the browser then draws without asking again', async () => {
    const context = await phoneContext(browser);
    const product = await simpleProductInStock();
    const added = await context.request.post(shellUrl('/api/wishlist'), { data: { id: product.id } });
    expect(added.ok()).toBe(true);
    const html = await (await context.request.get(shellUrl('/wishlist'))).text();
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toContain('data-remote="mfe-cart" data-remote-module="WishlistPage"');
    expect(root).toContain(escapedHtml(product.name));
    expect(root.replace(/<!-- -->/g, '')).toContain('1 product saved for later.');
    // The header counts the same wishlist.
    expect(root).toContain('aria-label="Wishlist, 1 item"');
    expect(await (await fetch(shellUrl('/wishlist'))).text()).not.toContain(escapedHtml(product.name));

    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(shellUrl('/wishlist'));
    expect(await page.locator('[data-await-hydration]').count()).toBe(0);
    expect(await page.getByTestId('wishlist-line').count()).toBe(1);
    // The answer came with the page: the store started with it.
    expect(asked).not.toContain('/api/wishlist');
    await page.getByRole('button', { name: `Remove ${product.name} from wishlist` }).click();
    await page.getByText('No products in the wishlist.').waitFor();
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
