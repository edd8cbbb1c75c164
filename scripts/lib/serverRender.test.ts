import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RegionRenderRequest, RemoteServerBundle, ShellServerBundle } from '../../shared/src/ssr/contract';
import { evaluateBundle, guessViewportWidth, remoteBundleLoader, renderPage, withRenderedPage, type PageRequest } from './serverRender';

const INDEX = '<!doctype html><html><head><title>Jacaranda</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>';

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

describe('withRenderedPage', () => {
  it('puts the page in #root, inert and marked, and its styles at the end of the head', () => {
    const html = withRenderedPage(INDEX, { html: '<h1>Style</h1>', css: '.a{color:red}', queries: [] });
    expect(html).toBe(
      '<!doctype html><html><head><title>Jacaranda</title><script defer src=/main.js></script><style data-server-rendered>.a{color:red}</style></head><body><div id="root" inert data-server-rendered><h1>Style</h1></div></body></html>',
    );
  });

  it('cannot be made to close its <style> early', () => {
    const html = withRenderedPage(INDEX, { html: '', css: '.a::after{content:"</style><script>alert(1)</script>"}', queries: [] });
    expect(html).not.toContain('</style><script>');
    expect(html.match(/<\/style>/g)).toHaveLength(1);
  });

  it('sends the answers the page was drawn with after #root, as JSON no text in them can break out of', () => {
    const queries = [{ endpointName: 'getProductReviews', arg: 'p1', value: [{ body: 'Fits well </script><script>alert(1)</script>' }] }];
    const html = withRenderedPage(INDEX, { html: '<h1>Style</h1>', css: '', queries });
    expect(html).toContain('<h1>Style</h1></div><script type="application/json" id="storefront-server-queries">');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const opening = 'id="storefront-server-queries">';
    const json = html.slice(html.indexOf(opening) + opening.length, html.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual(queries);
  });

  it('moves the page’s high-priority image preloads into the head, before its scripts; other preloads stay', () => {
    const first = '<link rel="preload" as="image" href="/api/images/products/1/1-small.svg" fetchPriority="high"/>';
    const other = '<link rel="preload" as="image" href="/api/images/products/9/1-small.svg"/>';
    const html = withRenderedPage(INDEX, { html: `<main>${first}<img src="/api/images/products/1/1-small.svg" fetchPriority="high">${other}</main>`, css: '', queries: [] });
    expect(html.indexOf(first)).toBeLessThan(html.indexOf('<script defer src=/main.js>'));
    expect(html.indexOf(first)).toBeGreaterThan(html.indexOf('<title>'));
    expect(html.split(first)).toHaveLength(2);
    expect(html).toContain(`<main><img src="/api/images/products/1/1-small.svg" fetchPriority="high">${other}</main>`);
  });

  it('leaves a page without an empty #root as it is', () => {
    const other = INDEX.replace('<div id=root></div>', '<div id=app></div>');
    expect(withRenderedPage(other, { html: '<h1>x</h1>', css: '', queries: [] })).toBe(other);
  });
});

describe('evaluateBundle', () => {
  it('runs a CommonJS bundle and gives its exports; it may require Node’s own modules', () => {
    const exports = evaluateBundle<{ joined: string }>(`const path = require('node:path'); exports.joined = path.posix.join('a', 'b');`, 'bundle.js');
    expect(exports.joined).toBe('a/b');
  });

  it('refuses a bundle that requires a package: a server bundle carries its own', () => {
    expect(() => evaluateBundle(`require('react')`, 'bundle.js')).toThrow('a server bundle may only require Node\'s own modules, not "react"');
  });
});

describe('remoteBundleLoader', () => {
  let server: http.Server;
  let base: string;
  const served = new Map<string, { body: string; modified: string }>();
  const requests: { path: string; ifModifiedSince: string | undefined }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push({ path: req.url ?? '', ifModifiedSince: req.headers['if-modified-since'] });
      const file = served.get(req.url ?? '');
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      if (req.headers['if-modified-since'] === file.modified) {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { 'Last-Modified': file.modified }).end(file.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    served.clear();
    requests.length = 0;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  const bundle = (answer: string) => `let renders = 0; exports.renderRegion = async () => ({ html: ${JSON.stringify(answer)} + (++renders), css: '' });`;

  it('loads the bundle beside the manifest once, and asks again after its time only conditionally', async () => {
    served.set('/1.0.0/server/render.js', { body: bundle('home'), modified: 'Mon, 23 Nov 2026 10:00:00 GMT' });
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const load = remoteBundleLoader({ ttlMs: 10_000 });
    const first = await load(`${base}/1.0.0/mf-manifest.json`);
    expect(first).not.toBeNull();
    expect(await load(`${base}/1.0.0/mf-manifest.json`)).toBe(first);
    expect(requests).toHaveLength(1);
    now += 10_001;
    // Unchanged: the same evaluated bundle, its state kept.
    const again = await load(`${base}/1.0.0/mf-manifest.json`);
    expect(again).toBe(first);
    expect(requests[1]).toEqual({ path: '/1.0.0/server/render.js', ifModifiedSince: 'Mon, 23 Nov 2026 10:00:00 GMT' });
    // Rebuilt in place: the new one.
    served.set('/1.0.0/server/render.js', { body: bundle('rebuilt'), modified: 'Mon, 23 Nov 2026 11:00:00 GMT' });
    now += 10_001;
    const rebuilt = await load(`${base}/1.0.0/mf-manifest.json`);
    expect(rebuilt).not.toBe(first);
    const request = {} as RegionRenderRequest;
    expect((await rebuilt?.renderRegion(request))?.html).toBe('rebuilt1');
  });

  it('has none for a remote without a server bundle, or with one that exports no renderRegion', async () => {
    const load = remoteBundleLoader();
    expect(await load(`${base}/2.0.0/mf-manifest.json`)).toBeNull();
    served.set('/3.0.0/server/render.js', { body: 'exports.somethingElse = 1;', modified: 'x' });
    expect(await load(`${base}/3.0.0/mf-manifest.json`)).toBeNull();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('/3.0.0/server/render.js does not export renderRegion'));
  });
});

describe('renderPage', () => {
  const shell: ShellServerBundle = {
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

  it('renders the page’s module with the composed version’s bundle, inside the shell’s frame, styles in cascade order', async () => {
    const asked: RegionRenderRequest[] = [];
    const loaded: string[] = [];
    const page = await renderPage(
      { ...request, pathname: '/shop', search: '?page=2', cookie: 'sf_shopper=abc' },
      {
        shell,
        loadRemoteBundle: (manifest) => {
          loaded.push(manifest);
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
    expect(loaded).toEqual(['http://cdn/mfe-catalog/1.4.0/mf-manifest.json']);
    // The shopper's cookies go with it: the region's api requests are theirs.
    expect(asked).toEqual([{ module: 'ShopPage', pathname: '/shop', search: '?page=2', config: { apiBase: 'http://127.0.0.1:4000' }, viewportWidth: 412, cookie: 'sf_shopper=abc' }]);
    expect(page).toEqual({
      html: '<header>/shop</header><main>[mfe-catalog/ShopPage@1.4.0]<h1>Shop</h1></main>',
      css: '.shell{}\n.shop{}',
      // Not the cart: the browser's entry asks for it early, and its store takes that answer.
      queries: [{ endpointName: 'getCategories', arg: undefined, value: [] }],
    });
  });

  it('renders nothing for a path without a page module, or whose remote is not composed', async () => {
    const options = { shell, loadRemoteBundle: regionFrom(() => Promise.resolve({ html: 'x', css: '' })), timeoutMs: 1000 };
    expect(await renderPage({ ...request, pathname: '/about' }, options)).toBeNull();
    expect(await renderPage({ ...request, pathname: '/product', search: '?id=3' }, options)).toBeNull();
  });

  it('renders nothing when the remote has no bundle or does not render that module', async () => {
    expect(await renderPage(request, { shell, loadRemoteBundle: () => Promise.resolve(null), timeoutMs: 1000 })).toBeNull();
    expect(await renderPage(request, { shell, loadRemoteBundle: regionFrom(() => Promise.resolve(null)), timeoutMs: 1000 })).toBeNull();
  });

  it('gives up after its time, and on a failing render (logged): the browser renders the page', async () => {
    const slow = regionFrom(() => new Promise((resolve) => setTimeout(() => resolve({ html: 'late', css: '' }), 500)));
    const started = Date.now();
    expect(await renderPage(request, { shell, loadRemoteBundle: slow, timeoutMs: 50 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(400);
    const failing = regionFrom(() => Promise.reject(new Error('window is not defined')));
    expect(await renderPage(request, { shell, loadRemoteBundle: failing, timeoutMs: 1000 })).toBeNull();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('mfe-catalog/HomePage failed to render on the server: Error: window is not defined'));
  });
});
