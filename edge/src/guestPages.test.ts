import { GuestPageCache, guestPageKey, SHARED_KNOWN_MS } from './guestPages';
import type { RenderedPage } from './serverRender';

const page = (html: string): RenderedPage => ({ html, css: '', queries: [], viewportWidth: 412 });

describe('a guest’s page', () => {
  it('is drawn once for every request in its time, including those that came while it was drawn, and again after', async () => {
    let now = 0;
    const cache = new GuestPageCache({ ttlMs: 5000, now: () => now });
    let draws = 0;
    let finish: (value: RenderedPage) => void = () => undefined;
    const draw = () => {
      draws += 1;
      return new Promise<RenderedPage>((resolve) => {
        finish = resolve;
      });
    };
    const first = cache.page('home', draw);
    const meanwhile = cache.page('home', draw);
    finish(page('<h1>one</h1>'));
    expect([(await first)?.html, (await meanwhile)?.html, draws]).toEqual(['<h1>one</h1>', '<h1>one</h1>', 1]);
    now = 4999;
    expect((await cache.page('home', draw))?.html).toBe('<h1>one</h1>');
    now = 5000;
    const later = cache.page('home', draw);
    finish(page('<h1>two</h1>'));
    expect([(await later)?.html, draws]).toEqual(['<h1>two</h1>', 2]);
  });

  it('is not kept when the render failed or gave none: the next request draws again', async () => {
    const cache = new GuestPageCache();
    await expect(cache.page('shop', () => Promise.reject(new Error('late')))).rejects.toThrow('late');
    expect(await cache.page('shop', () => Promise.resolve(null))).toBeNull();
    expect((await cache.page('shop', () => Promise.resolve(page('<h1>shop</h1>'))))?.html).toBe('<h1>shop</h1>');
    expect(cache.size).toBe(1);
  });

  it('keeps at most so many pages, the oldest going first', async () => {
    const cache = new GuestPageCache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.page(key, () => Promise.resolve(page(key)));
    expect(cache.size).toBe(2);
    let drawn = false;
    await cache.page('a', () => {
      drawn = true;
      return Promise.resolve(page('a'));
    });
    expect(drawn).toBe(true);
  });

  it('is given to shoppers while its last drawing read nothing of the shopper’s, or only their lists, for a minute at most', async () => {
    let now = 0;
    const cache = new GuestPageCache({ ttlMs: 5000, now: () => now });
    expect(cache.sharedWith('home')).toBeNull();
    await cache.page('home', () => Promise.resolve({ ...page('<h1>home</h1>'), forAnyone: true }));
    expect(cache.sharedWith('home')).toEqual([]);
    // A shopper's own drawing of the page teaches the same, either way.
    cache.learn('cart', { ...page('<h1>their cart</h1>') });
    expect(cache.sharedWith('cart')).toBeNull();
    cache.learn('shop', { ...page('<h1>shop</h1>'), forAnyone: true });
    expect(cache.sharedWith('shop')).toEqual([]);
    cache.learn('shop', page('<h1>shop, with their cart</h1>'));
    expect(cache.sharedWith('shop')).toBeNull();
    // A page that read only the shopper's lists beside the catalogue is the guests' for shoppers whose lists those are empty.
    cache.learn('product', { ...page('<h1>a shirt</h1>'), forEmptyLists: ['cart', 'wishlist'] });
    expect(cache.sharedWith('product')).toEqual(['cart', 'wishlist']);
    expect(cache.shownLists('product')).toBeNull();
    // And which of those its region's HTML showed: a shopper with something in the others alone gets the guests' region.
    cache.learn('product', { ...page('<h1>a shirt</h1>'), forEmptyLists: ['cart', 'wishlist'], showsLists: ['cart'] });
    expect(cache.shownLists('product')).toEqual(['cart']);
    cache.learn('product', page('<h1>a shirt, and their account</h1>'));
    expect(cache.sharedWith('product')).toBeNull();
    expect(cache.shownLists('product')).toBeNull();
    // A drawing that gave nothing ends it at once; time ends it too.
    now = 6000;
    await cache.page('home', () => Promise.resolve(null));
    expect(cache.sharedWith('home')).toBeNull();
    cache.learn('home', { ...page('<h1>home</h1>'), forAnyone: true });
    now += SHARED_KNOWN_MS - 1;
    expect(cache.sharedWith('home')).toEqual([]);
    now += 1;
    expect(cache.sharedWith('home')).toBeNull();
  });

  it('differs by address, width, composed versions and fallbacks, not by which api process draws it', () => {
    const base = { pathname: '/shop', search: '?page=2', viewportWidth: 412, remotes: { 'mfe-catalog': { version: '1.0.0', manifest: 'http://c/1.0.0/mf-manifest.json' } }, config: { composedApi: undefined, assetHost: undefined } };
    const key = guestPageKey(base);
    expect(guestPageKey({ ...base })).toBe(key);
    expect(guestPageKey({ ...base, search: '?page=3' })).not.toBe(key);
    expect(guestPageKey({ ...base, viewportWidth: 1280 })).not.toBe(key);
    expect(guestPageKey({ ...base, remotes: { 'mfe-catalog': { version: '1.1.0', manifest: 'http://c/1.1.0/mf-manifest.json' } } })).not.toBe(key);
    // The fallback draws the region when the composed version cannot.
    expect(guestPageKey({ ...base, fallbacks: {} })).toBe(key);
    expect(guestPageKey({ ...base, fallbacks: { 'mfe-catalog': { version: '0.9.0', manifest: 'http://c/0.9.0/mf-manifest.json' } } })).not.toBe(key);
  });
});
