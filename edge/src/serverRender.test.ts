import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RegionRenderRequest, RemoteServerBundle, ShellServerBundle } from '../../shared/src/ssr/contract';
import { ROOT } from './packages';
import { releaseDir } from './releaseStore';
import { evaluateBundle, guessViewportWidth, localServerBundles, remoteBundleLoader, renderPage, type PageRequest } from './serverRender';

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
  let folder: string;
  const composed = (version: string) => ({ version, manifest: `http://localhost:8081/${version}/mf-manifest.json` });
  const locate = (_remote: string, { version }: { version: string }) => path.join(folder, version, 'server/render.js');

  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'edge-bundles-'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await rm(folder, { recursive: true, force: true });
  });

  const bundle = (answer: string) => `let renders = 0; exports.renderRegion = async () => ({ html: ${JSON.stringify(answer)} + (++renders), css: '' });`;
  async function write(version: string, source: string, modified: Date): Promise<void> {
    const file = path.join(folder, version, 'server/render.js');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, source);
    await utimes(file, modified, modified);
  }

  it('reads the version’s bundle from disk once, and after its time evaluates it again only if the file changed', async () => {
    await write('1.0.0', bundle('home'), new Date('2026-11-23T10:00:00Z'));
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const load = remoteBundleLoader(locate, { ttlMs: 10_000 });
    const first = await load('mfe-catalog', composed('1.0.0'));
    expect(first).not.toBeNull();
    expect(await load('mfe-catalog', composed('1.0.0'))).toBe(first);
    now += 10_001;
    // Unchanged: the same evaluated bundle, its state kept.
    expect(await load('mfe-catalog', composed('1.0.0'))).toBe(first);
    // Rebuilt in place: the new one.
    await write('1.0.0', bundle('rebuilt'), new Date('2026-11-23T11:00:00Z'));
    now += 10_001;
    const rebuilt = await load('mfe-catalog', composed('1.0.0'));
    expect(rebuilt).not.toBe(first);
    const request = {} as RegionRenderRequest;
    expect((await rebuilt?.renderRegion(request))?.html).toBe('rebuilt1');
  });

  it('has none for a version without a server bundle, or with one that exports no renderRegion', async () => {
    const load = remoteBundleLoader(locate);
    expect(await load('mfe-catalog', composed('2.0.0'))).toBeNull();
    await write('3.0.0', 'exports.somethingElse = 1;', new Date());
    expect(await load('mfe-catalog', composed('3.0.0'))).toBeNull();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining(`${path.join('3.0.0', 'server', 'render.js')} does not export renderRegion`));
  });
});

describe('localServerBundles', () => {
  const working = (remote: string) => (remote === 'mfe-catalog' ? 'http://localhost:8081/1.0.0/mf-manifest.json' : undefined);
  const locate = localServerBundles(working);

  it('finds a working build’s bundle in its dist folder and a release’s in the release store', () => {
    expect(locate('mfe-catalog', { version: '1.0.0', manifest: 'http://localhost:8081/1.0.0/mf-manifest.json' })).toBe(path.join(ROOT, 'mfe-catalog/dist/1.0.0/server/render.js'));
    expect(locate('mfe-catalog', { version: '1.1.0', manifest: 'https://cdn.example.co.za/mfe-catalog/1.1.0/mf-manifest.json' })).toBe(path.join(releaseDir('mfe-catalog', '1.1.0'), 'server/render.js'));
  });

  it('finds nothing for a name that is not one of our remotes or a version that is not a version', () => {
    expect(locate('../../etc', { version: '1.0.0', manifest: 'x' })).toBeNull();
    expect(locate('mfe-catalog', { version: '../../../etc', manifest: 'x' })).toBeNull();
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
    expect(asked).toEqual([{ module: 'ShopPage', pathname: '/shop', search: '?page=2', config: { apiBase: 'http://127.0.0.1:4000' }, viewportWidth: 412, cookie: 'sf_shopper=abc' }]);
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
