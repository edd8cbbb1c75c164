/**
 * A shopper's pages from the server (edge/src/serverRender.ts, edge/src/shopperFrames.ts): the
 * product, cart, checkout and wishlist pages arrive drawn with the lists of the shopper whose
 * cookie came with them, and theirs alone; shoppers whose lists hold as much share one drawing,
 * each page carrying its own shopper's lists; the browser's render takes over and saves what the
 * shopper changes. The guests' pages: serverRender.spec.ts.
 */
import type { Browser } from 'playwright-core';
import type { Product } from '@storefront/shared';
import { fetchProducts, otherSimpleProduct, simpleProductInStock } from '../support/api';
import { collectPageErrors, launchBrowser, phoneContext, shellUrl } from '../support/browser';
import { cartLineOf, cookieOf, escapedHtml, frameOf, rawGet, serverAnswersIn, startingQuantity } from '../support/serverPages';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a shopper’s page rendered on the server', () => {
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
    const cartIn = (html: string) =>
      (serverAnswersIn(html).find((entry) => entry.endpointName === 'getCart')?.value as { link: string; qty: number }[] | undefined)?.map((line) => `${line.link} × ${line.qty}`);
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
    /** The products a page shows: its listings' and its product's. */
    const productsOn = (html: string) =>
      new Set(
        serverAnswersIn(html).flatMap(({ endpointName, value }) =>
          endpointName === 'getProducts' ? (value as { products: Product[] }).products.map((shown) => shown.id) : endpointName === 'getProduct' ? [(value as Product).id] : [],
        ),
      );
    const wishlistIn = (html: string) => (serverAnswersIn(html).find((entry) => entry.endpointName === 'getWishlist')?.value as Product[] | undefined)?.map((item) => item.id);
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

});
