import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalPath, canonicalTag, robotsTxt, searchEngineTags, sitemapPaths, sitemapXml } from './seo';

describe('canonicalPath', () => {
  it.each([
    ['/product', '?id=linen-shirt', '/product?id=linen-shirt'],
    ['/product', '?id=linen-shirt&tab=reviews', '/product?id=linen-shirt'],
    ['/product/grid', '?id=linen-shirt', '/product?id=linen-shirt'],
    ['/product/linen-shirt', '', '/product?id=linen-shirt'],
    ['/product/sticky-both/linen-shirt', '', '/product?id=linen-shirt'],
    ['/shop', '', '/shop'],
    ['/shop/9cols', '?category=women&page=2&sort=price', '/shop?category=women&page=2'],
    ['/shop', '?search=hat&page=1', '/shop?search=hat'],
    ['/', '?utm_source=mail', '/'],
    ['/about', '', '/about'],
    ['/legal', '', '/legal'],
    ['/legal/returns', '?utm_source=checkout', '/legal/returns'],
  ])('%s%s is %s', (pathname, search, canonical) => {
    expect(canonicalPath(pathname, search)).toBe(canonical);
  });

  it("names none for a shopper's own pages", () => {
    for (const pathname of ['/cart', '/checkout', '/checkout/complete/1', '/account/orders', '/wishlist', '/login']) {
      expect(canonicalPath(pathname, '')).toBeNull();
    }
    expect(canonicalTag('https://shop.example.co.za', '/cart', '')).toBe('');
    expect(canonicalPath('/product', '')).toBeNull();
  });

  it("names none for a newsletter link's page, which asks not to be kept instead", () => {
    for (const pathname of ['/newsletter/confirm', '/newsletter/unsubscribe', '/newsletter/confirm/']) {
      expect(canonicalPath(pathname, '?token=abc')).toBeNull();
      expect(searchEngineTags('https://shop.example.co.za', pathname, '?token=abc')).toEqual(['<meta name="robots" content="noindex">']);
    }
    expect(searchEngineTags('https://shop.example.co.za', '/legal/privacy', '')).toEqual(['<link rel="canonical" href="https://shop.example.co.za/legal/privacy">']);
    expect(searchEngineTags('https://shop.example.co.za', '/cart', '')).toEqual([]);
  });

  it('escapes the address in the tag', () => {
    expect(canonicalTag('https://shop.example.co.za', '/shop', '?search=a"b&category=x')).toBe(
      '<link rel="canonical" href="https://shop.example.co.za/shop?category=x&amp;search=a%22b">',
    );
  });
});

describe('robots.txt and the sitemap', () => {
  it('keeps crawlers out of the cart, checkout and account, and points at the sitemap', () => {
    const robots = robotsTxt('https://shop.example.co.za');
    for (const line of ['Disallow: /cart', 'Disallow: /checkout', 'Disallow: /account', 'Disallow: /operator', 'Disallow: /order-status', 'Sitemap: https://shop.example.co.za/sitemap.xml']) {
      expect(robots.split('\n')).toContain(line);
    }
  });

  it("lists the shop's pages, its disclosures and policies among them, but no newsletter link's page", async () => {
    const api = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://api.test');
      const body = url.pathname === '/categories' ? [{ id: 'fashion' }] : url.pathname === '/products' ? [{ link: 'linen-shirt' }] : null;
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json', 'x-total-count': '1' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const paths = await sitemapPaths(() => `http://127.0.0.1:${(api.address() as AddressInfo).port}`);
      expect(paths).toEqual([
        '/',
        '/shop',
        '/about',
        '/contact',
        '/legal',
        '/legal/returns',
        '/legal/delivery',
        '/legal/privacy',
        '/legal/payment',
        '/shop?category=fashion',
        '/product?id=linen-shirt',
      ]);
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it('lists each address once, escaped', () => {
    const xml = sitemapXml('https://shop.example.co.za', ['/', '/product?id=a&b']);
    expect(xml).toContain('<loc>https://shop.example.co.za/</loc>');
    expect(xml).toContain('<loc>https://shop.example.co.za/product?id=a&amp;b</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});
