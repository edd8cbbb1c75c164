/**
 * A page whose server render takes its time, on a build folder made here: its head sent before it
 * is drawn and the rest once it is, and a render past its budget answered with the page's last
 * good render or the frame with a skeleton, never an empty #root.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildShellEdge } from './app';
import { inThisThread, type PageRequest } from './serverRender';
import { shellBuild } from './testing/edgeFixtures';

const { shellDist, compositionSource } = shellBuild('edge-slow-', 18493);

/** A page read as it arrives, decompressed as it was sent. */
function openPage(port: number, pathname: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: () => string; until: (part: string) => Promise<void>; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, headers }, (response) => {
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'br' ? response.pipe(zlib.createBrotliDecompress()) : encoding === 'gzip' ? response.pipe(zlib.createGunzip()) : response;
        let text = '';
        const waiting: { part: string; done: () => void }[] = [];
        body.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          for (const wait of waiting.filter(({ part }) => text.includes(part))) {
            waiting.splice(waiting.indexOf(wait), 1);
            wait.done();
          }
        });
        const ended = new Promise<void>((done) => body.on('end', done));
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: () => text,
          until: (part) => (text.includes(part) ? Promise.resolve() : new Promise((done) => waiting.push({ part, done }))),
          ended,
        });
      })
      .on('error', reject);
  });
}

/** The render of `pathname` held in `held`, taken out of it once the edge has asked for it. */
async function heldRender<Render extends { pathname: string }>(held: Render[], pathname: string): Promise<Render> {
  for (let tries = 0; tries < 200; tries += 1) {
    const found = held.find((render) => render.pathname === pathname);
    if (found) {
      held.splice(held.indexOf(found), 1);
      return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the edge never asked to draw ${pathname}`);
}

describe('a page the server is still drawing', () => {
  let api: http.Server;
  let edge: FastifyInstance;
  let port: number;
  /** Each render waits for the test to let it go, and draws what it is given. */
  const held: { pathname: string; draw: (region: { html: string; status?: number } | null) => void }[] = [];

  beforeAll(async () => {
    api = http.createServer((request, response) => {
      if (request.url === '/products/gone') response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"7","name":"Red tee"}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    edge = await buildShellEdge({
      dist: shellDist,
      apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      composition: compositionSource(),
      render: {
        draw: inThisThread({
          shell: {
            renderShellPage: ({ region }) => ({
              html: `<main>${region?.html ?? '<div aria-busy="true">skeleton</div>'}</main>`,
              css: 'main{color:teal}',
              head: { title: 'Drawn & named | Jacaranda', description: 'Named by the render' },
            }),
          },
          loadRemoteBundle: () =>
            Promise.resolve({
              renderRegion: ({ pathname }) => new Promise((resolve) => held.push({ pathname, draw: (region) => resolve(region ? { css: '', ...region } : null) })),
            }),
          timeoutMs: 5_000,
        }),
        guestPageTtlMs: 0,
      },
    });
    await edge.listen({ port: 0, host: '127.0.0.1' });
    port = (edge.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await edge?.close();
    await new Promise<void>((resolve) => api.close(() => resolve()));
  });

  const renderOf = (pathname: string) => heldRender(held, pathname);

  it.each(['br', 'gzip', 'identity'])('sends its status and head, with the scripts, before it is drawn, and the rest once it is (%s)', async (encoding) => {
    const page = await openPage(port, '/cart', { 'accept-encoding': encoding, cookie: 'sf_shopper=a1' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(page.headers['content-security-policy']).toContain("'sha256-");
    await page.until('<script defer src=/main.0123456789.js></script>');
    // The head so far: no title or description yet (the render names them), no first screen.
    expect(page.text()).not.toContain('<title>');
    expect(page.text()).not.toContain('id="root"');
    const render = await renderOf('/cart');
    render.draw({ html: '<h1>Your cart</h1>' });
    await page.ended;
    const html = page.text();
    expect(html).toContain('<title>Drawn &amp; named | Jacaranda</title><meta name="description" content="Named by the render">');
    expect(html).toContain('<style data-server-rendered>');
    expect(html).toContain('<h1>Your cart</h1>');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
    expect(html.endsWith('</body></html>')).toBe(true);
    // The template's own title and description are not there too.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="?description/g)).toHaveLength(1);
  });

  it('is a 404 from the start for a product the api does not know; a product sent as found that the render then does not find is kept out of search engines', async () => {
    const gone = await openPage(port, '/product/gone', { cookie: 'sf_shopper=a1' });
    expect(gone.status).toBe(404);
    await gone.until('main.0123456789.js');
    (await renderOf('/product/gone')).draw({ html: '<h1>We cannot find that product</h1>', status: 404 });
    await gone.ended;
    expect(gone.text()).not.toContain('noindex');

    const removed = await openPage(port, '/product/red-tee', { cookie: 'sf_shopper=a1' });
    expect(removed.status).toBe(200);
    await removed.until('main.0123456789.js');
    (await renderOf('/product/red-tee')).draw({ html: '<h1>We cannot find that product</h1>', status: 404 });
    await removed.ended;
    expect(removed.text()).toContain('<meta name="robots" content="noindex">');
  });

  it('waits for its render where only the render knows its status (a shop layout); a render that fails is followed by the frame with a skeleton, never an empty #root', async () => {
    const answer = openPage(port, '/shop/no-such-layout', { cookie: 'sf_shopper=a1' });
    (await renderOf('/shop/no-such-layout')).draw({ html: '<h1>No such shop page</h1>', status: 404 });
    expect((await answer).status).toBe(404);

    const undrawn = await openPage(port, '/wishlist', { cookie: 'sf_shopper=a1' });
    (await renderOf('/wishlist')).draw(null);
    await undrawn.ended;
    expect(undrawn.status).toBe(200);
    // The frame drawn with no region: the shell's skeleton in its place, for the browser to draw over (not to hydrate).
    expect(undrawn.text()).toContain('<div id="root"><main><div aria-busy="true">skeleton</div></main></div>');
    expect(undrawn.text()).not.toContain('<div id=root></div>');
    expect(undrawn.text()).not.toContain('data-await-hydration');
  });

  it('goes out whole to a guest, its first pictures ahead of the scripts a first visit has still to fetch', async () => {
    let arrived = false;
    const answer = openPage(port, '/', { 'accept-encoding': 'br' }).then((page) => {
      arrived = true;
      return page;
    });
    const render = await renderOf('/');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(arrived).toBe(false);
    render.draw({ html: '<link rel="preload" as="image" href="/hero.webp" fetchPriority="high"/><h1>Home</h1>' });
    const page = await answer;
    await page.ended;
    expect(page.text().indexOf('href="/hero.webp"')).toBeLessThan(page.text().indexOf('main.0123456789.js'));
  });

  it('answers a HEAD request with the page’s headers alone', async () => {
    const answer = edge.inject({ method: 'HEAD', url: '/login', headers: { cookie: 'sf_shopper=a1' } });
    (await renderOf('/login')).draw({ html: '<h1>Sign in</h1>' });
    const head = await answer;
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    expect(head.body).toBe('');
  });
});

describe('a page whose render misses its budget', () => {
  let api: http.Server;
  let edge: FastifyInstance;
  let port: number;
  /** Each render waits for the test to let it go, and draws what it is given. */
  const held: { pathname: string; draw: (region: { html: string } | null) => void }[] = [];
  const BUDGET_MS = 100;
  /** Every render thread busy: each drawing, a skeleton's too, fails at once, as a full pool's does. */
  let threadsFull = false;

  beforeAll(async () => {
    api = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"7","name":"Red tee"}'));
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    edge = await buildShellEdge({
      dist: shellDist,
      apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      composition: compositionSource(),
      render: {
        // Its warm-up draws nothing in advance here, but keeps the warm-up pages' skeletons.
        warm: () => Promise.resolve([]),
        draw: busyWhenFull(() => threadsFull, inThisThread({
          shell: {
            // The frame says whether it was drawn around a region, or with its skeleton and the header's lists withheld.
            renderShellPage: ({ region, embedded }) => ({
              html: `<header>${embedded?.['mfe-cart/HeaderLists'] === null ? 'lists to come' : 'lists'}</header><main>${region?.html ?? '<div aria-busy="true">skeleton</div>'}</main><footer>footer</footer>`,
              css: '',
            }),
            embeds: [{ remote: 'mfe-cart', module: 'HeaderLists' }],
          },
          loadRemoteBundle: () =>
            Promise.resolve({
              renderRegion: ({ pathname }) => new Promise((resolve) => held.push({ pathname, draw: (region) => resolve(region ? { css: '', ...region } : null) })),
              // The cart's header lists, lent to the frame.
              embeddable: { HeaderLists: { Component: () => null, css: '' } },
            }),
          timeoutMs: 5_000,
        })),
        // The guest page cache off: every guest's page is drawn.
        guestPageTtlMs: 0,
        budgetMs: BUDGET_MS,
      },
    });
    await edge.listen({ port: 0, host: '127.0.0.1' });
    port = (edge.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    for (const render of held.splice(0)) render.draw(null);
    await edge?.close();
    await new Promise<void>((resolve) => api.close(() => resolve()));
  });

  const renderOf = (pathname: string) => heldRender(held, pathname);

  /** The whole page, once it has arrived. */
  async function pageAt(pathname: string, headers: Record<string, string> = {}) {
    const page = await openPage(port, pathname, headers);
    await page.ended;
    return { status: page.status, html: page.text() };
  }

  it('goes to a guest as the page’s last good render, however old, while its render goes on, drawn once for every guest meanwhile', async () => {
    const first = pageAt('/shop');
    (await renderOf('/shop')).draw({ html: '<h1>Shop, drawn first</h1>' });
    expect((await first).html).toContain('<h1>Shop, drawn first</h1>');

    // This render is late: the guests meanwhile get the last good one, past the budget, not an empty #root.
    const started = Date.now();
    const [second, third] = await Promise.all([pageAt('/shop'), pageAt('/shop')]);
    expect(Date.now() - started).toBeLessThan(BUDGET_MS + 1_000);
    for (const page of [second, third]) {
      expect(page.status).toBe(200);
      expect(page.html).toContain('<h1>Shop, drawn first</h1>');
      expect(page.html).not.toContain('<div id=root></div>');
    }
    // One render for both.
    const late = await renderOf('/shop');
    expect(held.filter((render) => render.pathname === '/shop')).toHaveLength(0);
    late.draw({ html: '<h1>Shop, drawn late</h1>' });
    await new Promise((resolve) => setTimeout(resolve, 20));

    // The late render is the last good one now.
    const fourth = pageAt('/shop');
    const never = await renderOf('/shop');
    expect((await fourth).html).toContain('<h1>Shop, drawn late</h1>');
    never.draw(null);
  });

  it('waits past its budget for a guest’s page with no last good render yet, and sends it drawn', async () => {
    const answer = pageAt('/wishlist');
    const render = await renderOf('/wishlist');
    await new Promise((resolve) => setTimeout(resolve, BUDGET_MS * 3));
    render.draw({ html: '<h1>Your wishlist</h1>' });
    const page = await answer;
    expect(page.html).toContain('<h1>Your wishlist</h1>');
    expect(page.html).not.toContain('<div id=root></div>');
  });

  it('goes to a guest as its last good render when its render fails, and as the frame with a skeleton when there is none', async () => {
    const none = pageAt('/login');
    (await renderOf('/login')).draw(null);
    const skeleton = await none;
    expect(skeleton.html).toContain('<header>lists to come</header><main><div aria-busy="true">skeleton</div></main><footer>footer</footer>');
    expect(skeleton.html).not.toContain('<div id=root></div>');

    const good = pageAt('/login');
    (await renderOf('/login')).draw({ html: '<h1>Sign in</h1>' });
    expect((await good).html).toContain('<h1>Sign in</h1>');
    const failed = pageAt('/login');
    (await renderOf('/login')).draw(null);
    expect((await failed).html).toContain('<h1>Sign in</h1>');
  });

  it('goes to a shopper when it is drawn, however late, and as header, footer and skeleton if the render fails: never an empty #root', async () => {
    const late = await openPage(port, '/cart', { cookie: 'sf_shopper=a1' });
    await late.until('main.0123456789.js');
    const render = await renderOf('/cart');
    await new Promise((resolve) => setTimeout(resolve, BUDGET_MS * 3));
    render.draw({ html: '<h1>Your cart</h1>' });
    await late.ended;
    expect(late.text()).toContain('<header>lists</header><main><h1>Your cart</h1></main>');

    // A shopper never gets a guest's last good render (it would show a guest's counts), but the skeleton.
    const failed = await openPage(port, '/cart', { cookie: 'sf_shopper=a1' });
    (await renderOf('/cart')).draw(null);
    await failed.ended;
    expect(failed.text()).not.toContain('<h1>Your cart</h1>');
    expect(failed.text()).toContain('<header>lists to come</header><main><div aria-busy="true">skeleton</div></main><footer>footer</footer>');
    expect(failed.text()).not.toContain('<div id=root></div>');
  });

  it('goes out as the frame with a skeleton kept since the warm-up when no renderer is free to draw even that: never an empty #root', async () => {
    threadsFull = true;
    try {
      const page = await pageAt('/shop?search=dress');
      expect(page.html).toContain('<header>lists to come</header><main><div aria-busy="true">skeleton</div></main><footer>footer</footer>');
      expect(page.html).not.toContain('<div id=root></div>');
    } finally {
      threadsFull = false;
    }
  });

  it('goes out as the skeleton another page of its module left, every product page sharing the product page’s', async () => {
    const first = pageAt('/product/red-tee');
    (await renderOf('/product/red-tee')).draw(null);
    expect((await first).html).toContain('<main><div aria-busy="true">skeleton</div></main>');
    threadsFull = true;
    try {
      const other = await pageAt('/product/blue-jeans?colour=Blue');
      expect(other.html).toContain('<header>lists to come</header><main><div aria-busy="true">skeleton</div></main><footer>footer</footer>');
      expect(other.html).not.toContain('<div id=root></div>');
    } finally {
      threadsFull = false;
    }
  });
});

/** A drawing function that fails at once while `full()` says every render thread is busy. */
function busyWhenFull(full: () => boolean, draw: (request: PageRequest) => ReturnType<ReturnType<typeof inThisThread>>): (request: PageRequest) => ReturnType<ReturnType<typeof inThisThread>> {
  return (request) => (full() ? Promise.reject(new Error('every render thread is busy')) : draw(request));
}
