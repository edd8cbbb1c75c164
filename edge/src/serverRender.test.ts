/**
 * A page drawn on the server: the width it is drawn for, its region drawn by the composed
 * version's container (or its fallback's) inside the shell's frame, whom it is the same page for,
 * a shopper's frame around the guests' region, the shell's own pages, a render that fails or is
 * late, and the skeleton.
 */
import type { RegionRenderRequest, RemoteServerBundle, ShellOwnPageRequest, ShellServerBundle } from '@storefront/shared/ssr/contract';
import { inThisThread, type PageRequest } from './serverRender';
import { renderAround, type RenderOptions } from './pageFrame';
import { renderPage } from './regionRender';
import { guessViewportWidth, type SharedRegion } from './renderedPage';
import { takeRenderFailures } from './renderFailures';
import { noBundle } from './testing/edgeFixtures';

describe('guessViewportWidth', () => {
  it('draws for a phone when the browser says it is one, by client hint or user agent', () => {
    expect(guessViewportWidth({ 'sec-ch-ua-mobile': '?1' })).toBe(412);
    expect(guessViewportWidth({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156 Mobile Safari/537.36' })).toBe(412);
    expect(guessViewportWidth({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' })).toBe(412);
  });

  it('draws for a wider screen otherwise, and believes the hint over the user agent', () => {
    expect(guessViewportWidth({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156 Safari/537.36' })).toBe(1280);
    expect(guessViewportWidth({})).toBe(1280);
    expect(guessViewportWidth({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Android Mobile' })).toBe(1280);
  });
});

describe('renderPage', () => {
  const shell: Pick<ShellServerBundle, 'renderShellPage'> = {
    renderShellPage: ({ region, pathname }) => ({ html: `<header>${pathname}</header><main>${region ? `[${region.remote}/${region.module}@${region.version}]${region.html}` : 'skeleton'}</main>`, css: '.shell{}' }),
  };
  const request: PageRequest = {
    pathname: '/',
    search: '',
    viewportWidth: 412,
    remotes: { 'mfe-catalog': { version: '1.4.0', manifest: 'http://cdn/mfe-catalog/1.4.0/mf-manifest.json' } },
    config: { apiBase: 'http://127.0.0.1:4000' },
  };
  const regionFrom = (renderRegion: RemoteServerBundle['renderRegion']) => () => Promise.resolve({ renderRegion });

  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("draws the frame with the modules it embeds, from the composed versions' containers, and their styles", async () => {
    const Lists = () => null;
    const frames: unknown[] = [];
    const embedding: Pick<ShellServerBundle, 'renderShellPage' | 'embeds'> = {
      embeds: [{ remote: 'mfe-cart', module: 'HeaderLists' }],
      renderShellPage: ({ embedded }) => (frames.push(embedded), { html: '<header></header>', css: `.shell{}${embedded?.['mfe-cart/HeaderLists']?.css ?? ''}` }),
    };
    const cart = { version: '1.0.70', manifest: 'http://cdn/mfe-cart/1.0.70/mf-manifest.json' };
    const loadRemoteBundle = (remote: string) =>
      Promise.resolve<RemoteServerBundle>(
        remote === 'mfe-cart'
          ? { renderRegion: () => Promise.resolve(null), embeddable: { HeaderLists: { Component: Lists, css: '.lists{}' } } }
          : { renderRegion: () => Promise.resolve({ html: '<h1>Home</h1>', css: '' }) },
      );
    const page = await renderPage({ ...request, remotes: { ...request.remotes, 'mfe-cart': cart } }, { shell: embedding, loadRemoteBundle, timeoutMs: 1000 });
    expect(frames).toEqual([{ 'mfe-cart/HeaderLists': { Component: Lists, css: '.lists{}' } }]);
    expect(page?.css).toContain('.lists{}');
    // A cart that is not composed: the frame draws its "unavailable" in the module's place, and the page is still drawn.
    expect(await renderPage(request, { shell: embedding, loadRemoteBundle, timeoutMs: 1000 })).not.toBeNull();
    expect(frames[1]).toEqual({ 'mfe-cart/HeaderLists': null });
  });

  it('renders the page’s module with the composed version’s bundle, inside the shell’s frame, styles in cascade order', async () => {
    const asked: RegionRenderRequest[] = [];
    const loaded: string[] = [];
    const page = await renderPage(
      { ...request, pathname: '/shop', search: '?page=2', cookie: 'sf_shopper=abc' },
      {
        shell,
        loadRemoteBundle: (remote, { version }) => {
          loaded.push(`${remote}@${version}`);
          return Promise.resolve({
            renderRegion: (ask) => (
              asked.push(ask),
              Promise.resolve({
                html: '<h1>Shop</h1>',
                css: '.shop{}',
                queries: [
                  { endpointName: 'getCategories', arg: undefined, value: [] },
                  { endpointName: 'getCart', arg: undefined, value: [] },
                ],
              })
            ),
          });
        },
        timeoutMs: 1000,
      },
    );
    expect(loaded).toEqual(['mfe-catalog@1.4.0']);
    // The shopper's cookies go with it: the region's api requests are theirs.
    // And the way to other remotes' modules it embeds (embeddedFrom).
    expect(asked).toEqual([{ module: 'ShopPage', pathname: '/shop', search: '?page=2', config: { apiBase: 'http://127.0.0.1:4000' }, viewportWidth: 412, cookie: 'sf_shopper=abc', embedded: expect.any(Function) }]);
    expect(page).toEqual({
      html: '<header>/shop</header><main>[mfe-catalog/ShopPage@1.4.0]<h1>Shop</h1></main>',
      css: '.shell{}\n.shop{}',
      // Every answer it was drawn with, the cart too: the browser hydrates with all of them (its
      // store then leaves the cart to the entry's early request, shell/src/app/serverQueries.ts).
      queries: [
        { endpointName: 'getCategories', arg: undefined, value: [] },
        { endpointName: 'getCart', arg: undefined, value: [] },
      ],
      viewportWidth: 412,
    });
  });

  it('passes on whom the region said it is the same page for, only in the lists it knows', async () => {
    const drawn = (said: object) => renderPage(request, { shell, loadRemoteBundle: regionFrom(() => Promise.resolve({ html: '<h1>Home</h1>', css: '', ...said })), timeoutMs: 1000 });
    expect(await drawn({ forAnyone: true })).toMatchObject({ forAnyone: true });
    expect(await drawn({ forEmptyLists: ['cart', 'wishlist'] })).toMatchObject({ forEmptyLists: ['cart', 'wishlist'] });
    // A list this edge cannot ask the api about, or none, makes it the shopper's own.
    for (const said of [{ forEmptyLists: ['cart', 'orders'] }, { forEmptyLists: [] }, { forEmptyLists: 'cart' }, { forAnyone: 'yes' }, {}]) {
      const page = await drawn(said);
      expect(page?.html).toContain('<h1>Home</h1>');
      expect(page).not.toHaveProperty('forEmptyLists');
      expect(page).not.toHaveProperty('forAnyone');
    }
  });

  it('keeps a guest’s page’s region, with the lists its HTML shows, for shoppers to get in a frame of their own', async () => {
    const lists = [
      { endpointName: 'getCart', arg: undefined, value: [] },
      { endpointName: 'getWishlist', arg: undefined, value: [] },
    ];
    const drawn = (said: object, cookie?: string) =>
      renderPage({ ...request, ...(cookie ? { cookie } : {}) }, { shell, loadRemoteBundle: regionFrom(() => Promise.resolve({ html: '<h1>Home</h1>', css: '.home{}', queries: lists, forEmptyLists: ['cart', 'wishlist'], ...said })), timeoutMs: 1000 });
    const guests = await drawn({ showsLists: ['wishlist'] });
    expect(guests).toMatchObject({
      showsLists: ['wishlist'],
      region: { drawn: { remote: 'mfe-catalog', module: 'HomePage', version: '1.4.0', html: '<h1>Home</h1>' }, css: '.home{}', queries: lists, shows: ['wishlist'] },
    });
    // A shopper's own page is theirs: nothing of it is kept to share.
    const theirs = await drawn({ showsLists: ['wishlist'] }, 'sf_shopper=abc');
    expect(theirs).toMatchObject({ showsLists: ['wishlist'] });
    expect(theirs).not.toHaveProperty('region');
    // A product page shows only its product's lines of the cart: that is left to renderAround's check.
    const product = await drawn({ showsLists: ['cart', 'wishlist'], cartLinesOf: ['7'] });
    expect(product).toMatchObject({ showsLists: ['wishlist'], region: { shows: ['wishlist'], productsShown: { cart: ['7'] } } });
    for (const lines of [['7', 8], '7']) {
      expect(await drawn({ showsLists: ['cart', 'wishlist'], cartLinesOf: lines })).toMatchObject({ showsLists: ['cart', 'wishlist'], region: { shows: ['cart', 'wishlist'] } });
    }
    expect((await drawn({ showsLists: ['wishlist'], cartLinesOf: ['7'] }))?.region).not.toHaveProperty('productsShown');
    // And its wishlist button, as the shop's cards their hearts, only the place of its own product (or the cards') in the wishlist.
    const both = await drawn({ showsLists: ['cart', 'wishlist'], cartLinesOf: ['7'], wishlistItemsOf: ['7'] });
    expect(both).toMatchObject({ showsLists: [], region: { shows: [], productsShown: { cart: ['7'], wishlist: ['7'] } } });
    expect(await drawn({ showsLists: ['wishlist'], wishlistItemsOf: ['7', null] })).toMatchObject({ showsLists: ['wishlist'], region: { shows: ['wishlist'] } });
    // A region that did not say, or said a list this edge does not know, is kept with no region.
    for (const said of [{}, { showsLists: ['orders'] }, { showsLists: 'cart' }]) {
      const page = await drawn(said);
      expect(page).not.toHaveProperty('region');
      expect(page).not.toHaveProperty('showsLists');
    }
  });

  it('draws a shopper’s frame around the guests’ region with their lists read afresh, unless one the region shows is not empty', async () => {
    const region: SharedRegion = {
      drawn: { remote: 'mfe-catalog', module: 'ShopPage', version: '1.4.0', html: '<h1>Shop</h1>' },
      css: '.shop{}',
      queries: [
        { endpointName: 'getProducts', arg: { page: 1 }, value: ['red-tee'] },
        { endpointName: 'getCart', arg: undefined, value: [] },
        { endpointName: 'getWishlist', arg: undefined, value: [] },
      ],
      shows: ['wishlist'],
    };
    let theirs = { cart: [{ id: 'red-tee', qty: 2 }], wishlist: [] as unknown[] };
    const cookies: (string | undefined)[] = [];
    const knowns: unknown[] = [];
    const counting: RenderOptions['shell'] = {
      renderShellPage: ({ region: drawn, queries }) => ({
        html: `<header>${queries?.map((entry) => `${entry.endpointName}:${Array.isArray(entry.value) ? entry.value.length : '?'}`).join(' ')}</header><main>${drawn?.html ?? ''}</main>`,
        css: '.shell{}',
      }),
      shopperListAnswers: ({ cookie, known }) => {
        cookies.push(cookie);
        knowns.push(known);
        return Promise.resolve([
          { endpointName: 'getCart', arg: undefined, value: theirs.cart },
          { endpointName: 'getWishlist', arg: undefined, value: theirs.wishlist },
        ]);
      },
    };
    const shopper = { ...request, pathname: '/shop', cookie: 'sf_shopper=abc' };
    expect(await renderAround(shopper, region, { shell: counting, timeoutMs: 1000, loadRemoteBundle: noBundle })).toEqual({
      html: '<header>getProducts:1 getCart:1 getWishlist:0</header><main><h1>Shop</h1></main>',
      css: '.shell{}\n.shop{}',
      queries: [region.queries[0], { endpointName: 'getCart', arg: undefined, value: theirs.cart }, { endpointName: 'getWishlist', arg: undefined, value: [] }],
      viewportWidth: 412,
    });
    expect(cookies).toEqual(['sf_shopper=abc']);
    // The api's answers the edge has go to the shell, to be drawn from unasked.
    await renderAround({ ...shopper, lists: { wishlist: '[]' } }, region, { shell: counting, timeoutMs: 1000, loadRemoteBundle: noBundle });
    expect(knowns).toEqual([undefined, { wishlist: '[]' }]);
    // Their wishlist is the region's hearts: not theirs to share.
    theirs = { cart: [], wishlist: [{ id: 'red-tee' }] };
    expect(await renderAround(shopper, region, { shell: counting, timeoutMs: 1000, loadRemoteBundle: noBundle })).toBeNull();
    // Lists that cannot be read, or a shell bundle that cannot read them: drawn whole.
    expect(await renderAround(shopper, region, { shell: { ...counting, shopperListAnswers: () => Promise.resolve(null) }, timeoutMs: 1000, loadRemoteBundle: noBundle })).toBeNull();
    expect(await renderAround(shopper, region, { shell: { renderShellPage: counting.renderShellPage }, timeoutMs: 1000, loadRemoteBundle: noBundle })).toBeNull();
    // A kept 404's status goes with it.
    theirs = { cart: [{ id: 'red-tee', qty: 1 }], wishlist: [] };
    expect(await renderAround(shopper, { ...region, status: 404 }, { shell: counting, timeoutMs: 1000, loadRemoteBundle: noBundle })).toMatchObject({ status: 404 });
  });

  it('draws a product page’s frame around the guests’ region for a shopper whose cart and wishlist hold other products only', async () => {
    const region: SharedRegion = {
      drawn: { remote: 'mfe-product', module: 'ProductPage', version: '1.4.0', html: '<h1>Red tee</h1><input value="1">' },
      css: '',
      queries: [{ endpointName: 'getProduct', arg: '7', value: { id: '7' } }],
      shows: [],
      productsShown: { cart: ['7'], wishlist: ['7'] },
    };
    const withCart = (cart: unknown, wishlist: unknown): RenderOptions['shell'] => ({
      renderShellPage: ({ region: drawn }) => ({ html: `<main>${drawn?.html ?? ''}</main>`, css: '' }),
      shopperListAnswers: () =>
        Promise.resolve([
          { endpointName: 'getCart', arg: undefined, value: cart },
          { endpointName: 'getWishlist', arg: undefined, value: wishlist },
        ]),
    });
    const shopper = { ...request, pathname: '/product/red-tee', cookie: 'sf_shopper=abc' };
    const around = (cart: unknown, wishlist: unknown = []) => renderAround(shopper, region, { shell: withCart(cart, wishlist), timeoutMs: 1000, loadRemoteBundle: noBundle });
    expect((await around([{ id: '12', product_id: '12', qty: 2 }]))?.html).toBe('<main><h1>Red tee</h1><input value="1"></main>');
    // Their cart's quantity of this product is the page's own: drawn whole for them.
    expect(await around([{ id: '12', product_id: '12', qty: 2 }, { id: '7-red-m', product_id: '7', qty: 3 }])).toBeNull();
    // A cart whose lines cannot be told apart counts as holding it.
    expect(await around([{ id: '12', qty: 2 }])).toBeNull();
    expect(await around({ lines: [] })).toBeNull();
    // Their wishlist holds other products only: the page's wishlist button is a guest's.
    expect((await around([], [{ id: '12' }, { id: '13' }]))?.html).toBe('<main><h1>Red tee</h1><input value="1"></main>');
    expect(await around([], [{ id: '12' }, { id: '7' }])).toBeNull();
  });

  it('renders nothing for a path without a page module, or whose remote is not composed', async () => {
    const options = { shell, loadRemoteBundle: regionFrom(() => Promise.resolve({ html: 'x', css: '' })), timeoutMs: 1000 };
    expect(await renderPage({ ...request, pathname: '/about' }, options)).toBeNull();
    expect(await renderPage({ ...request, pathname: '/product', search: '?id=3' }, options)).toBeNull();
  });

  it('draws a page of the shell’s own with the shell’s bundle, with the shopper’s cookie, passing on whom it is the same page for', async () => {
    const asked: ShellOwnPageRequest[] = [];
    const own: Pick<ShellServerBundle, 'renderShellPage' | 'renderOwnPage'> = {
      ...shell,
      renderOwnPage: (ask) => {
        asked.push(ask);
        return Promise.resolve(
          ask.pathname === '/legal'
            ? {
                html: '<main><h1>Business details</h1></main>',
                css: '.legal{}',
                queries: [{ endpointName: 'getShellDisclosures', arg: undefined, value: { legalName: 'Jacaranda Trading (Pty) Ltd' } }],
                head: { title: 'Business details | Jacaranda', description: 'Who sells.' },
                forEmptyLists: ['cart', 'wishlist'],
              }
            : null,
        );
      },
    };
    const options = { shell: own, loadRemoteBundle: regionFrom(() => Promise.resolve({ html: 'x', css: '' })), timeoutMs: 1000 };
    expect(await renderPage({ ...request, pathname: '/legal', cookie: 'sf_shopper=abc' }, options)).toEqual({
      html: '<main><h1>Business details</h1></main>',
      css: '.legal{}\n',
      queries: [{ endpointName: 'getShellDisclosures', arg: undefined, value: { legalName: 'Jacaranda Trading (Pty) Ltd' } }],
      viewportWidth: 412,
      head: { title: 'Business details | Jacaranda', description: 'Who sells.' },
      forEmptyLists: ['cart', 'wishlist'],
    });
    expect(asked).toEqual([{ pathname: '/legal', search: '', viewportWidth: 412, config: { apiBase: 'http://127.0.0.1:4000' }, cookie: 'sf_shopper=abc' }]);
    // An address the shell does not draw is the browser's to draw.
    expect(await renderPage({ ...request, pathname: '/newsletter/confirm' }, options)).toBeNull();
    // A render that fails or is too slow: the browser draws the page.
    const failing = { ...options, shell: { ...shell, renderOwnPage: () => Promise.reject(new Error('fetch failed')) } };
    expect(await renderPage({ ...request, pathname: '/legal' }, failing)).toBeNull();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("the shell's page /legal failed to render on the server: Error: fetch failed"));
    const slow = { ...options, timeoutMs: 50, shell: { ...shell, renderOwnPage: () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 500)) } };
    expect(await renderPage({ ...request, pathname: '/legal' }, slow)).toBeNull();
  });

  it('renders nothing when the remote has no bundle or does not render that module', async () => {
    expect(await renderPage(request, { shell, loadRemoteBundle: () => Promise.resolve(null), timeoutMs: 1000 })).toBeNull();
    expect(await renderPage(request, { shell, loadRemoteBundle: regionFrom(() => Promise.resolve(null)), timeoutMs: 1000 })).toBeNull();
  });

  it('draws the region with the fallback’s container, marked with its version, when the composed version’s cannot be had', async () => {
    const fallbacks = { 'mfe-catalog': { version: '1.3.0', manifest: 'http://cdn/mfe-catalog/1.3.0/mf-manifest.json' } };
    /** Bundles for the versions given (none for any other), each drawing its version; each version asked for noted. */
    const bundles = (...versions: string[]) => {
      const asked: string[] = [];
      const loadRemoteBundle: RenderOptions['loadRemoteBundle'] = (_remote, { version }) => {
        asked.push(version);
        return Promise.resolve(versions.includes(version) ? { renderRegion: () => Promise.resolve({ html: `<h1>Home ${version}</h1>`, css: '' }) } : null);
      };
      return { asked, loadRemoteBundle };
    };
    const brokenLive = bundles('1.3.0');
    expect((await renderPage({ ...request, fallbacks }, { shell, loadRemoteBundle: brokenLive.loadRemoteBundle, timeoutMs: 1000 }))?.html).toBe(
      '<header>/</header><main>[mfe-catalog/HomePage@1.3.0]<h1>Home 1.3.0</h1></main>',
    );
    expect(brokenLive.asked).toEqual(['1.4.0', '1.3.0']);
    // The composed version's container loads: the fallback's is never asked for.
    const both = bundles('1.4.0', '1.3.0');
    expect((await renderPage({ ...request, fallbacks }, { shell, loadRemoteBundle: both.loadRemoteBundle, timeoutMs: 1000 }))?.html).toContain('[mfe-catalog/HomePage@1.4.0]');
    expect(both.asked).toEqual(['1.4.0']);
    // Neither loads, or there is no fallback: the browser draws the page.
    expect(await renderPage({ ...request, fallbacks }, { shell, loadRemoteBundle: bundles().loadRemoteBundle, timeoutMs: 1000 })).toBeNull();
    expect(await renderPage(request, { shell, loadRemoteBundle: brokenLive.loadRemoteBundle, timeoutMs: 1000 })).toBeNull();
    // A fallback of another remote changes nothing.
    expect(await renderPage({ ...request, fallbacks: { 'mfe-cart': { version: '1.3.0', manifest: 'http://cdn/mfe-cart/1.3.0/mf-manifest.json' } } }, { shell, loadRemoteBundle: brokenLive.loadRemoteBundle, timeoutMs: 1000 })).toBeNull();
  });

  it('does not fall back when the composed version’s container loads but does not draw the region', async () => {
    const asked: string[] = [];
    const loadRemoteBundle: RenderOptions['loadRemoteBundle'] = (_remote, { version }) => {
      asked.push(version);
      return Promise.resolve({ renderRegion: () => Promise.resolve(null) });
    };
    const fallbacks = { 'mfe-catalog': { version: '1.3.0', manifest: 'http://cdn/mfe-catalog/1.3.0/mf-manifest.json' } };
    expect(await renderPage({ ...request, fallbacks }, { shell, loadRemoteBundle, timeoutMs: 1000 })).toBeNull();
    expect(asked).toEqual(['1.4.0']);
  });

  it('gives up after its time, and on a failing render (logged, naming the remote and version, and counted for the api): the browser renders the page', async () => {
    takeRenderFailures();
    const slow = regionFrom(() => new Promise((resolve) => setTimeout(() => resolve({ html: 'late', css: '' }), 500)));
    const started = Date.now();
    expect(await renderPage(request, { shell, loadRemoteBundle: slow, timeoutMs: 50 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(400);
    const failing = regionFrom(() => Promise.reject(new Error('window is not defined')));
    expect(await renderPage(request, { shell, loadRemoteBundle: failing, timeoutMs: 1000 })).toBeNull();
    const version = request.remotes['mfe-catalog']?.version ?? '';
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining(`mfe-catalog ${version} (HomePage) failed to render on the server: Error: window is not defined`));
    // The slow one is not a failure: only the one that threw.
    expect(takeRenderFailures()).toEqual([{ remote: 'mfe-catalog', version, arm: 'live', count: 1 }]);
  });

  it('counts a version whose server container cannot be loaded as a render failure of that version', async () => {
    takeRenderFailures();
    expect(await renderPage({ ...request, arm: 'canary' }, { shell, loadRemoteBundle: () => Promise.resolve(null), timeoutMs: 1000 })).toBeNull();
    expect(takeRenderFailures()).toEqual([{ remote: 'mfe-catalog', version: request.remotes['mfe-catalog']?.version, arm: 'canary', count: 1 }]);
    expect(takeRenderFailures()).toEqual([]);
  });
});

describe('a page’s skeleton', () => {
  it('is the shell’s frame with no region, no answers and every module the frame embeds withheld, so nothing in it says whom it is for', async () => {
    const asked: unknown[] = [];
    const loadRemoteBundle = jest.fn(() => Promise.resolve(null));
    const draw = inThisThread({
      shell: {
        renderShellPage: (request) => {
          asked.push(request);
          return { html: '<header><div data-embed="mfe-cart/HeaderLists" data-await-hydration="">lists to come</div></header><main>skeleton</main>', css: '.frame{}', head: { title: 'Shop | Jacaranda', description: 'The shop' } };
        },
        embeds: [{ remote: 'mfe-cart', module: 'HeaderLists' }],
      },
      loadRemoteBundle,
      timeoutMs: 1000,
    });
    const request: PageRequest = { pathname: '/shop', search: '?q=tee', viewportWidth: 412, remotes: {}, config: { apiBase: 'http://api.invalid' }, cookie: 'sf_shopper=a1', skeleton: true };
    const page = await draw(request);
    // Nothing in it waits for hydration: the browser draws over it.
    expect(page).toEqual({ html: '<header><div data-embed="mfe-cart/HeaderLists">lists to come</div></header><main>skeleton</main>', css: '.frame{}\n', queries: [], viewportWidth: 412, head: { title: 'Shop | Jacaranda', description: 'The shop' }, skeleton: true });
    expect(asked).toEqual([{ pathname: '/shop', search: '?q=tee', viewportWidth: 412, config: { apiBase: 'http://api.invalid' }, region: null, queries: [], embedded: { 'mfe-cart/HeaderLists': null } }]);
    // No remote is asked for anything.
    expect(loadRemoteBundle).not.toHaveBeenCalled();
  });

  it('is none when the shell cannot draw its frame', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const draw = inThisThread({
      shell: {
        renderShellPage: () => {
          throw new Error('broken');
        },
      },
      loadRemoteBundle: () => Promise.resolve(null),
      timeoutMs: 1000,
    });
    expect(await draw({ pathname: '/', search: '', viewportWidth: 1280, remotes: {}, config: {}, skeleton: true })).toBeNull();
  });
});
