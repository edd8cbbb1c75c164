import { canonicalPath, canonicalTag, robotsTxt, sitemapXml } from './seo';

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

  it('lists each address once, escaped', () => {
    const xml = sitemapXml('https://shop.example.co.za', ['/', '/product?id=a&b']);
    expect(xml).toContain('<loc>https://shop.example.co.za/</loc>');
    expect(xml).toContain('<loc>https://shop.example.co.za/product?id=a&amp;b</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});
