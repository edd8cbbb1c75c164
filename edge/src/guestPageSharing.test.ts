/**
 * A guest's page at the edge, on a build folder made here: drawn once for every guest asking for
 * it meanwhile, given to a shopper whose lists the page does not show (in a frame of their own
 * when only its frame shows them), and drawn by the renderers before the edge takes requests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildShellEdge } from './app';
import type { ServerQueryEntry } from '@storefront/shared/ssr/contract';
import { inThisThread, type PageRequest, type RenderedPage } from './serverRender';
import type { RenderOptions } from './pageFrame';
import { shellBuild } from './testing/edgeFixtures';

const { shellDist, compositionSource } = shellBuild('edge-guests-', 18489);

type RegionDrawer = NonNullable<Awaited<ReturnType<RenderOptions['loadRemoteBundle']>>>['renderRegion'];

/**
 * An api answering each shopper's GET /cart and GET /wishlist from `lists` (by their cookie, then
 * by address), and with 500 any other request `other` does not answer; each request noted as
 * "cookie address".
 */
async function listsApi(lists: Partial<Record<string, Record<string, string>>>, other?: (request: http.IncomingMessage, response: http.ServerResponse) => boolean) {
  const asked: string[] = [];
  const api = http.createServer((request, response) => {
    const cookie = request.headers.cookie ?? '';
    asked.push(`${cookie} ${request.url ?? ''}`);
    if (other?.(request, response)) return;
    const list = lists[cookie]?.[request.url ?? ''];
    if (list) response.writeHead(200, { 'content-type': 'application/json' }).end(list);
    else response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  return { apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, asked, close: () => new Promise<void>((resolve) => api.close(() => resolve())) };
}

/** How many entries the answer of `endpoint` among a drawing's answers holds (0 without one). */
function answerLength(queries: readonly ServerQueryEntry[] | undefined, endpoint: string): number {
  return (queries?.find((entry) => entry.endpointName === endpoint)?.value as unknown[] | undefined)?.length ?? 0;
}

/** An edge whose every remote draws its region with `renderRegion`, in a bare frame. */
function edgeDrawingRegions(renderRegion: RegionDrawer, apiUrl = 'http://127.0.0.1:9', shell?: RenderOptions['shell']): Promise<FastifyInstance> {
  return buildShellEdge({
    dist: shellDist,
    apiUrl,
    composition: compositionSource(),
    render: {
      draw: inThisThread({
        shell: shell ?? { renderShellPage: ({ region }) => ({ html: `<main>${region?.html ?? ''}</main>`, css: '' }) },
        loadRemoteBundle: () => Promise.resolve({ renderRegion }),
        timeoutMs: 1000,
      }),
    },
  });
}

describe('a guest’s page', () => {
  it('is drawn once for every guest asking for it meanwhile (a returning guest with only the browser’s id too), and a shopper’s (who sends a cookie) for them each time', async () => {
    let draws = 0;
    const edge = await edgeDrawingRegions(async () => {
      draws += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { html: `<h1>drawing ${draws}</h1>`, css: '' };
    });
    try {
      const guests = await Promise.all([1, 2, 3].map(() => edge.inject({ url: '/' })));
      expect(guests.map((page) => page.body.includes('<h1>drawing 1</h1>'))).toEqual([true, true, true]);
      expect(draws).toBe(1);
      // A guest's first answer gives the browser its id (for canaries); with it alone it is still a guest.
      expect(String(guests[0]?.headers['set-cookie'])).toMatch(/^sf_release=[A-Za-z0-9_-]{22}; /);
      const returning = await edge.inject({ url: '/', headers: { cookie: 'sf_release=abcdefghijklmnopqrstuv' } });
      expect(returning.body).toContain('<h1>drawing 1</h1>');
      expect(returning.headers['set-cookie']).toBeUndefined();
      const shopper = await edge.inject({ url: '/', headers: { cookie: 'sf_shopper=a1; sf_release=abcdefghijklmnopqrstuv' } });
      expect(shopper.body).toContain('<h1>drawing 2</h1>');
      const otherPage = await edge.inject({ url: '/shop' });
      expect(otherPage.body).toContain('<h1>drawing 3</h1>');
      expect((await edge.inject({ url: '/' })).body).toContain('<h1>drawing 1</h1>');
      // Compressed once, and the same bytes for every guest who accepts that encoding.
      const [br, brAgain, gzip] = await Promise.all([
        edge.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } }),
        edge.inject({ url: '/', headers: { 'accept-encoding': 'br' } }),
        edge.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } }),
      ]);
      expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>drawing 1</h1>');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<h1>drawing 1</h1>');
      expect(draws).toBe(3);
    } finally {
      await edge.close();
    }
  });

  it('is given to a shopper too when its last drawing read nothing of the shopper’s, drawn without their cookie; a page that reads theirs is drawn for them', async () => {
    const cookies: (string | undefined)[] = [];
    const edge = await edgeDrawingRegions(async ({ pathname, cookie }) => {
      cookies.push(cookie);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The cart reads the shopper's own lines; the home page only the catalogue.
      return { html: `<h1>${pathname} for ${cookie ?? 'anyone'}</h1>`, css: '', ...(pathname === '/cart' ? {} : { forAnyone: true }) };
    });
    try {
      // Nothing is known of the page yet: the first shopper's is drawn for them, and teaches the edge.
      expect((await edge.inject({ url: '/', headers: { cookie: 'sf_shopper=a1' } })).body).toContain('<h1>/ for sf_shopper=a1</h1>');
      const [second, third, guest] = await Promise.all([
        edge.inject({ url: '/', headers: { cookie: 'sf_shopper=b2' } }),
        edge.inject({ url: '/', headers: { cookie: 'sf_shopper=c3', 'accept-encoding': 'gzip' } }),
        edge.inject({ url: '/' }),
      ]);
      expect([second.body.includes('<h1>/ for anyone</h1>'), zlib.gunzipSync(third.rawPayload).toString().includes('<h1>/ for anyone</h1>'), guest.body.includes('<h1>/ for anyone</h1>')]).toEqual([true, true, true]);
      // Whole, as a guest's: not streamed.
      expect(second.headers['content-length']).toBeDefined();
      expect(cookies).toEqual(['sf_shopper=a1', undefined]);
      // Each shopper's own cart, every time.
      expect((await edge.inject({ url: '/cart', headers: { cookie: 'sf_shopper=a1' } })).body).toContain('<h1>/cart for sf_shopper=a1</h1>');
      expect((await edge.inject({ url: '/cart', headers: { cookie: 'sf_shopper=b2' } })).body).toContain('<h1>/cart for sf_shopper=b2</h1>');
      expect(cookies).toEqual(['sf_shopper=a1', undefined, 'sf_shopper=a1', 'sf_shopper=b2']);
    } finally {
      await edge.close();
    }
  });

  it('is given to a shopper whose lists are empty when its last drawing read only their lists beside the catalogue; one with a line gets their own', async () => {
    // What the api answers each shopper's GET /cart and GET /wishlist.
    const lists: Partial<Record<string, Record<string, string>>> = {
      'sf_shopper=empty': { '/cart': '[]', '/wishlist': '[]' },
      'sf_shopper=full': { '/cart': '[{"id":"red-tee","qty":2}]', '/wishlist': '[]' },
      'sf_shopper=wishing': { '/cart': '[]', '/wishlist': '[{"id":"red-tee"}]' },
    };
    const asked: string[] = [];
    const api = http.createServer((request, response) => {
      if (request.method === 'GET') asked.push(request.url ?? '');
      const list = lists[request.headers.cookie ?? '']?.[request.url ?? ''];
      if (request.method === 'POST' && request.url === '/cart') response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      else if (list) response.writeHead(200, { 'content-type': 'application/json' }).end(list);
      else if (request.url?.startsWith('/products/')) response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const cookies: (string | undefined)[] = [];
    const edge = await edgeDrawingRegions(async ({ cookie }) => {
      cookies.push(cookie);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The header counts the shopper's cart and wishlist; the product page starts at the cart's quantity.
      return { html: `<h1>red tee for ${cookie ?? 'anyone'}</h1>`, css: '', forEmptyLists: ['cart', 'wishlist'] };
    }, `http://127.0.0.1:${(api.address() as AddressInfo).port}`);
    const product = (cookie: string) => edge.inject({ url: '/product/red-tee', headers: { cookie } });
    try {
      // Nothing is known of the page yet: drawn for the first shopper, which teaches the edge.
      expect((await product('sf_shopper=full')).body).toContain('<h1>red tee for sf_shopper=full</h1>');
      // A shopper whose lists are empty gets the guests' page, whole; so does the next one, and a guest.
      const empty = await product('sf_shopper=empty');
      expect(empty.body).toContain('<h1>red tee for anyone</h1>');
      expect(empty.headers['content-length']).toBeDefined();
      expect((await product('sf_shopper=empty')).body).toContain('<h1>red tee for anyone</h1>');
      expect((await edge.inject({ url: '/product/red-tee' })).body).toContain('<h1>red tee for anyone</h1>');
      // One with a line in either list, or whose lists the api cannot tell, gets a page drawn with their cookie.
      expect((await product('sf_shopper=full')).body).toContain('<h1>red tee for sf_shopper=full</h1>');
      expect((await product('sf_shopper=wishing')).body).toContain('<h1>red tee for sf_shopper=wishing</h1>');
      expect((await product('sf_shopper=unknown')).body).toContain('<h1>red tee for sf_shopper=unknown</h1>');
      expect(cookies).toEqual(['sf_shopper=full', undefined, 'sf_shopper=full', 'sf_shopper=wishing', 'sf_shopper=unknown']);
      // The edge remembers what the api said of a shopper's lists a while, until their browser
      // sends the api a request that may change them: then it asks again.
      const listsAsked = () => asked.filter((url) => url === '/cart').length;
      const before = listsAsked();
      lists['sf_shopper=empty'] = { '/cart': '[{"id":"red-tee","qty":1}]', '/wishlist': '[]' };
      expect((await product('sf_shopper=empty')).body).toContain('<h1>red tee for anyone</h1>');
      expect(listsAsked()).toBe(before);
      expect((await edge.inject({ method: 'POST', url: '/api/cart', headers: { cookie: 'sf_shopper=empty', 'content-type': 'application/json' }, payload: { id: 'red-tee', qty: 1 } })).statusCode).toBe(201);
      expect((await product('sf_shopper=empty')).body).toContain('<h1>red tee for sf_shopper=empty</h1>');
      expect(listsAsked()).toBe(before + 1);
    } finally {
      await edge.close();
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it('is given, region and all, to a shopper with something only in lists its region does not show, in a frame drawn for them', async () => {
    const lists: Partial<Record<string, Record<string, string>>> = {
      'sf_shopper=carting': { '/cart': '[{"id":"red-tee","qty":2}]', '/wishlist': '[]' },
      'sf_shopper=wishing': { '/cart': '[]', '/wishlist': '[{"id":"red-tee"}]' },
    };
    const frameReads: string[] = [];
    const api = await listsApi(lists, (request, response) => {
      const cookie = request.headers.cookie ?? '';
      if (request.method !== 'POST' || request.url !== '/wishlist' || !lists[cookie]) return false;
      lists[cookie] = { ...lists[cookie], '/wishlist': '[{"id":"red-tee"}]' };
      response.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      return true;
    });
    const { apiUrl } = api;
    const regionCookies: (string | undefined)[] = [];
    const frameCookies: (string | undefined)[] = [];
    const edge = await edgeDrawingRegions(
      async ({ cookie }) => {
        regionCookies.push(cookie);
        // Its cards' hearts show the wishlist; it asked for the cart only for the header.
        const theirs = lists[cookie ?? ''] ?? { '/cart': '[]', '/wishlist': '[]' };
        const queries = [{ endpointName: 'getCart', arg: undefined, value: JSON.parse(theirs['/cart'] ?? '[]') as unknown }, { endpointName: 'getWishlist', arg: undefined, value: JSON.parse(theirs['/wishlist'] ?? '[]') as unknown }];
        return { html: `<h1>shop for ${cookie ?? 'anyone'}</h1>`, css: '', queries, forEmptyLists: ['cart', 'wishlist'], showsLists: ['wishlist'] };
      },
      apiUrl,
      {
        renderShellPage: ({ region, queries }) => ({ html: `<header>cart ${answerLength(queries, 'getCart')}, wishlist ${answerLength(queries, 'getWishlist')}</header><main>${region?.html ?? ''}</main>`, css: '' }),
        shopperListAnswers: async ({ cookie, known }) => {
          frameCookies.push(cookie);
          const read = async (list: 'cart' | 'wishlist') => {
            const answer = known?.[list];
            if (answer !== undefined) return JSON.parse(answer) as unknown;
            frameReads.push(list);
            return (await fetch(`${apiUrl}/${list}`, { headers: { cookie: cookie ?? '' } })).json() as Promise<unknown>;
          };
          return [{ endpointName: 'getCart', arg: undefined, value: await read('cart') }, { endpointName: 'getWishlist', arg: undefined, value: await read('wishlist') }];
        },
      },
    );
    const shop = (cookie?: string) => edge.inject({ url: '/shop', headers: cookie ? { cookie } : {} });
    try {
      // Nothing is known of the page yet: drawn whole for the first shopper, which teaches the edge.
      expect((await shop('sf_shopper=carting')).body).toContain('<header>cart 1, wishlist 0</header><main><h1>shop for sf_shopper=carting</h1>');
      // Then the guests' region, in a frame counting their cart; their answers go with the page for the browser's store.
      const carting = await shop('sf_shopper=carting');
      expect(carting.body).toContain('<header>cart 1, wishlist 0</header><main><h1>shop for anyone</h1>');
      expect(carting.body).toContain('"value":[{"id":"red-tee","qty":2}]');
      expect((await shop()).body).toContain('<header>cart 0, wishlist 0</header><main><h1>shop for anyone</h1>');
      // A wishlist shows in the region's hearts: that shopper's page is drawn whole for them.
      expect((await shop('sf_shopper=wishing')).body).toContain('<header>cart 0, wishlist 1</header><main><h1>shop for sf_shopper=wishing</h1>');
      expect(regionCookies).toEqual(['sf_shopper=carting', undefined, 'sf_shopper=wishing']);
      // The frame shows nothing of theirs but their counts: drawn without their cookie, from stand-in
      // lists holding as much as the api's answers the edge had already (shopperFrames.ts).
      expect(frameCookies).toEqual([undefined]);
      expect(frameReads).toEqual([]);
      // Once they add to their wishlist (through the edge), the region's hearts are theirs: drawn whole.
      expect((await edge.inject({ method: 'POST', url: '/api/wishlist', headers: { cookie: 'sf_shopper=carting', 'content-type': 'application/json' }, payload: { id: 'red-tee' } })).statusCode).toBe(201);
      expect((await shop('sf_shopper=carting')).body).toContain('<header>cart 1, wishlist 1</header><main><h1>shop for sf_shopper=carting</h1>');
    } finally {
      await edge.close();
      await api.close();
    }
  });

  it('is given to a shopper whose cart holds other products only, on a product page that shows its own product’s line; one holding it gets theirs, with no frame asked for first', async () => {
    const carts: Record<string, string> = { 'sf_shopper=other': '[{"product_id":"blue-cap","quantity":1}]', 'sf_shopper=own': '[{"product_id":"red-tee","quantity":2}]' };
    const api = http.createServer((request, response) => {
      const cart = carts[request.headers.cookie ?? ''];
      if (cart && request.url === '/cart') response.writeHead(200, { 'content-type': 'application/json' }).end(cart);
      else if (cart && request.url === '/wishlist') response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      else response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const regionCookies: (string | undefined)[] = [];
    const frameCookies: (string | undefined)[] = [];
    const edge = await edgeDrawingRegions(
      async ({ cookie }) => {
        regionCookies.push(cookie);
        const cart = JSON.parse(carts[cookie ?? ''] ?? '[]') as { product_id: string; quantity: number }[];
        const quantity = cart.find((line) => line.product_id === 'red-tee')?.quantity ?? 0;
        // The product page's quantity is its own product's line: other lines do not change it.
        return { html: `<h1>red tee, ${quantity} in the cart</h1>`, css: '', queries: [{ endpointName: 'getCart', arg: undefined, value: cart }], forEmptyLists: ['cart'], showsLists: ['cart'], cartLinesOf: ['red-tee'] };
      },
      apiUrl,
      {
        renderShellPage: ({ region }) => ({ html: `<main>${region?.html ?? ''}</main>`, css: '' }),
        shopperListAnswers: async ({ cookie, known }) => {
          frameCookies.push(cookie);
          return [{ endpointName: 'getCart', arg: undefined, value: JSON.parse(known?.cart ?? '[]') as unknown }];
        },
      },
    );
    const product = (cookie?: string) => edge.inject({ url: '/product/red-tee', headers: cookie ? { cookie } : {} });
    try {
      expect((await product()).body).toContain('<h1>red tee, 0 in the cart</h1>');
      expect((await product('sf_shopper=other')).body).toContain('<h1>red tee, 0 in the cart</h1>');
      expect((await product('sf_shopper=own')).body).toContain('<h1>red tee, 2 in the cart</h1>');
      expect(regionCookies).toEqual([undefined, 'sf_shopper=own']);
      // A frame was asked for the shopper the guests' region is right for, and not for the other.
      expect(frameCookies).toEqual(['sf_shopper=other']);
    } finally {
      await edge.close();
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it('is given, in a frame counting their lists, to a shopper whose wishlist holds none of the products whose place in it the region shows; their filled wishlist asked for each page', async () => {
    const lists: Record<string, Record<string, string>> = {
      'sf_shopper=other': { '/cart': '[]', '/wishlist': '[{"id":"bluecap","name":"Blue cap","price":120}]' },
      'sf_shopper=own': { '/cart': '[]', '/wishlist': '[{"id":"redtee","name":"Red tee","price":150}]' },
    };
    const api = await listsApi(lists);
    const { apiUrl, asked } = api;
    const regionCookies: (string | undefined)[] = [];
    const frameCookies: (string | undefined)[] = [];
    const edge = await edgeDrawingRegions(
      async ({ cookie }) => {
        regionCookies.push(cookie);
        const wishlist = JSON.parse(lists[cookie ?? '']?.['/wishlist'] ?? '[]') as { id: string }[];
        const button = wishlist.some((item) => item.id === 'redtee') ? 'Go to Wishlist' : 'Add to Wishlist';
        const queries = [{ endpointName: 'getCart', arg: undefined, value: [] }, { endpointName: 'getWishlist', arg: undefined, value: wishlist }];
        // As the product page: its wishlist button shows only whether its own product is in the wishlist.
        return { html: `<h1>red tee</h1><button>${button}</button>`, css: '', queries, forEmptyLists: ['cart', 'wishlist'], showsLists: ['wishlist'], wishlistItemsOf: ['redtee'] };
      },
      apiUrl,
      {
        renderShellPage: ({ region, queries }) => ({ html: `<header>wishlist ${answerLength(queries, 'getWishlist')}</header><main>${region?.html ?? ''}</main>`, css: '' }),
        // As the shell's: the lists the edge gives, read as the api slice reads them.
        shopperListAnswers: async ({ cookie, known }) => {
          frameCookies.push(cookie);
          return [{ endpointName: 'getCart', arg: undefined, value: JSON.parse(known?.cart ?? 'null') as unknown }, { endpointName: 'getWishlist', arg: undefined, value: JSON.parse(known?.wishlist ?? 'null') as unknown }];
        },
      },
    );
    const product = (cookie?: string) => edge.inject({ url: '/product/red-tee', headers: cookie ? { cookie } : {} });
    const wishlistReads = (cookie: string) => asked.filter((line) => line === `${cookie} /wishlist`).length;
    try {
      expect((await product()).body).toContain('<header>wishlist 0</header><main><h1>red tee</h1><button>Add to Wishlist</button>');
      // The guests' region, in a frame counting their wishlist, which goes with the page for the browser's store.
      for (const page of [1, 2]) {
        const other = await product('sf_shopper=other');
        expect(other.body).toContain('<header>wishlist 1</header><main><h1>red tee</h1><button>Add to Wishlist</button>');
        expect(other.body).toContain('"id":"bluecap"');
        // Their filled wishlist is not remembered: asked for each page (with their lists the first time).
        expect(wishlistReads('sf_shopper=other')).toBe(page);
      }
      // One drawing of the frame, from stand-ins, with no cookie.
      expect(frameCookies).toEqual([undefined]);
      // Their wishlist holds the page's product: drawn whole for them.
      expect((await product('sf_shopper=own')).body).toContain('<header>wishlist 1</header><main><h1>red tee</h1><button>Go to Wishlist</button>');
      // Changed elsewhere (another tab signed in to the same list, say): the next page is theirs at once.
      lists['sf_shopper=other'] = { '/cart': '[]', '/wishlist': '[{"id":"bluecap"},{"id":"redtee"}]' };
      expect((await product('sf_shopper=other')).body).toContain('<header>wishlist 2</header><main><h1>red tee</h1><button>Go to Wishlist</button>');
      expect(regionCookies).toEqual([undefined, 'sf_shopper=own', 'sf_shopper=other']);
    } finally {
      await edge.close();
      await api.close();
    }
  });

  it('is drawn once by the renderers before the edge takes requests: the main pages and a product’s, for a phone and a wider screen', async () => {
    const api = http.createServer((request, response) => {
      if (request.url === '/products?limit=1') response.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":"7","link":"red tee"}]');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const warmed: PageRequest[][] = [];
    const build = (warm: (requests: readonly PageRequest[]) => Promise<readonly RenderedPage[]>) =>
      buildShellEdge({
        dist: shellDist,
        apiUrl,
        composition: compositionSource(),
        render: { draw: () => Promise.resolve(null), warm },
      });
    const edge = await build(async (requests) => {
      warmed.push([...requests]);
      return [];
    });
    const failing = await build(() => Promise.reject(new Error('no renderer')));
    try {
      await edge.ready();
      expect(warmed).toHaveLength(1);
      const drawn = (warmed[0] ?? []).map(({ pathname, viewportWidth, search, config }) => ({ pathname, viewportWidth, search, apiBase: config.apiBase }));
      for (const pathname of ['/', '/shop', '/cart', '/wishlist', '/login', '/product/red%20tee']) {
        for (const viewportWidth of [412, 1280]) expect(drawn).toContainEqual({ pathname, viewportWidth, search: '', apiBase: apiUrl });
      }
      // As a guest's: no cookie.
      expect((warmed[0] ?? []).some((request) => request.cookie !== undefined)).toBe(false);
      // A warm-up that fails costs the edge nothing: it starts, and answers pages.
      await failing.ready();
      expect((await failing.inject({ url: '/shop' })).statusCode).toBe(200);
    } finally {
      await edge.close();
      await failing.close();
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });

  it('keeps each page drawn in the warm-up as the guests’ last good render: a guest whose page is not drawn in time gets it, not a skeleton', async () => {
    const edge = await buildShellEdge({
      dist: shellDist,
      // No api answers: the warm-up draws the main pages alone.
      apiUrl: 'http://127.0.0.1:9',
      composition: compositionSource(),
      render: {
        // After the warm-up every render fails (a busy machine), the skeleton's too.
        draw: () => Promise.resolve(null),
        warm: (requests) => Promise.resolve(requests.map(({ pathname, viewportWidth }) => ({ html: `<h1>${pathname} at ${viewportWidth}, warm</h1>`, css: '', queries: [], viewportWidth }))),
        // The guest page cache off: every guest's page is drawn.
        guestPageTtlMs: 0,
      },
    });
    try {
      await edge.ready();
      expect((await edge.inject({ url: '/shop', headers: { 'sec-ch-ua-mobile': '?1' } })).body).toContain('<h1>/shop at 412, warm</h1>');
      expect((await edge.inject({ url: '/wishlist' })).body).toContain('<h1>/wishlist at 1280, warm</h1>');
      // A shopper's page is never a guest's (it would show a guest's counts), and a search is not the shop.
      expect((await edge.inject({ url: '/shop', headers: { cookie: 'sf_shopper=a1' } })).body).not.toContain(', warm</h1>');
      expect((await edge.inject({ url: '/shop?search=dress' })).body).not.toContain(', warm</h1>');
    } finally {
      await edge.close();
    }
  });
});
