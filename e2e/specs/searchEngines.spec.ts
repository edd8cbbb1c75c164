/**
 * What search engines and monitors are told: a missing page answers 404 while the
 * shopper still sees the friendly not-found page; each product and shop page names its canonical
 * address; robots.txt keeps crawlers out of the shopper's own pages and points at a sitemap that
 * lists every product and category of the live catalogue once.
 */
import type { Browser } from 'playwright-core';
import { apiUrl, fetchProducts } from '../support/api';
import { collectPageErrors, launchBrowser, newShopper, shellUrl } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const origin = () => new URL(shellUrl('/')).origin;

function canonicalOf(html: string): string | null {
  return /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
}

describe('missing pages', () => {
  it.each([
    ['an unknown route', '/no-such-page', 'Page not found'],
    ['a product that does not exist', '/product?id=no-such-product-anywhere', 'Product not found'],
    ['a shop layout that does not exist', '/shop/9cols', 'No such shop page'],
  ])('%s answers 404 and shows the friendly page', async (_what, address, heading) => {
    const { context, page } = await newShopper(browser);
    const response = await page.goto(shellUrl(address));
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await context.close();
  });

  it('a missing product is asked of the api once, and nothing but its own 404s is logged as failed', async () => {
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/products/no-such-product-at-all') asked.push(request.url());
    });
    await page.goto(shellUrl('/product?id=no-such-product-at-all'));
    await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked.length).toBeLessThanOrEqual(1);
    // The page's own 404 (what it tells search engines) and the api's for the product are the
    // answers there are; nothing else failed.
    const missing = [`(${shellUrl('/product?id=no-such-product-at-all')})`, '/api/products/no-such-product-at-all)'];
    expect(errors.filter((error) => !missing.some((source) => error.endsWith(source)))).toEqual([]);
    await context.close();
  });

  it('a page that exists answers 200', async () => {
    const [product] = await fetchProducts();
    if (!product) throw new Error('the catalogue is empty');
    for (const address of ['/', '/shop', '/shop/4cols', `/product?id=${product.link}`, `/product/grid/${product.link}`, '/cart', '/about']) {
      const response = await fetch(shellUrl(address));
      expect([address, response.status]).toEqual([address, 200]);
      await response.body?.cancel();
    }
  });
});

describe('a clean console in normal use', () => {
  it("a guest's pages log no error and no failed request", async () => {
    const [product] = await fetchProducts();
    const { context, page } = await newShopper(browser);
    const errors = collectPageErrors(page);
    for (const address of ['/', '/shop', `/product?id=${product?.link}`, '/cart', '/wishlist', '/checkout']) {
      await page.goto(shellUrl(address));
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('canonical addresses', () => {
  it('every way to reach a product names the same canonical address', async () => {
    const [product] = await fetchProducts();
    if (!product) throw new Error('the catalogue is empty');
    const canonical = `${origin()}/product?id=${product.link}`;
    for (const address of [`/product?id=${product.link}`, `/product/grid?id=${product.link}`, `/product/sticky-both/${product.link}`, `/product/${product.link}?tab=reviews`]) {
      expect([address, canonicalOf(await (await fetch(shellUrl(address))).text())]).toEqual([address, canonical]);
    }
  });

  it('a shop page keeps its category and page, not its layout', async () => {
    const html = await (await fetch(shellUrl('/shop/4cols?category=women&page=2&sort=price-asc'))).text();
    expect(canonicalOf(html)).toBe(`${origin()}/shop?category=women&page=2`);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of cart, checkout and account, and points at the sitemap', async () => {
    const response = await fetch(shellUrl('/robots.txt'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /cart', 'Disallow: /checkout', 'Disallow: /account', `Sitemap: ${origin()}/sitemap.xml`]));
  });

  it('the sitemap lists every product and category page once, by its canonical address', async () => {
    const response = await fetch(shellUrl('/sitemap.xml'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const locations = [...(await response.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]?.replace(/&amp;/g, '&'));
    expect(new Set(locations).size).toBe(locations.length);

    const total = Number((await fetch(apiUrl('/products?limit=1'))).headers.get('x-total-count'));
    const productPages = locations.filter((location) => location?.startsWith(`${origin()}/product?id=`));
    expect(productPages).toHaveLength(total);
    const [product] = await fetchProducts();
    expect(locations).toContain(`${origin()}/product?id=${product?.link}`);

    const categories = (await (await fetch(apiUrl('/categories'))).json()) as { id: string }[];
    for (const category of categories) expect(locations).toContain(`${origin()}/shop?category=${category.id}`);
    expect(locations).toContain(`${origin()}/`);
  });
});
