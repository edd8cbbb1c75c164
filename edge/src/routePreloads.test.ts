import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_MANIFEST_TIMEOUT_MS, manifestReader, manifestTimeoutFor, routePreloadTags, withPreloads, withRemoteEntries, type ManifestReader } from './routePreloads';

const remotes = {
  'mfe-catalog': { manifest: 'http://localhost:8081/1.0.0/mf-manifest.json' },
  'mfe-product': { manifest: 'https://cdn.example/mfe-product/2.0.0/mf-manifest.json' },
};

const manifests: Record<string, unknown> = {
  'http://localhost:8081/1.0.0/mf-manifest.json': {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    exposes: [
      { name: 'HomePage', assets: { js: { sync: ['409.a.js', '__federation_expose_HomePage.b.js'] } } },
      { name: 'HeaderSearch', assets: { js: { sync: ['409.a.js', '__federation_expose_HeaderSearch.c.js'] } } },
    ],
  },
  // A release build: absolute public path, on another origin than its manifest's.
  'https://cdn.example/mfe-product/2.0.0/mf-manifest.json': {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'https://static.example/product/2.0.0/' },
    exposes: [{ name: 'ProductPage', assets: { js: { sync: ['176.d.js'] } } }],
  },
};

const read: ManifestReader = async (url) => (manifests[url] ?? null) as Awaited<ReturnType<ManifestReader>>;

describe('routePreloadTags', () => {
  it('home: the catalog entry and the home page chunks, not the header search (it loads when reached for); no manifest (the browser reads none)', async () => {
    expect(await routePreloadTags('/', remotes, read)).toEqual([
      '<link rel="preload" as="script" href="http://localhost:8081/1.0.0/remoteEntry.js">',
      '<link rel="preload" as="script" href="http://localhost:8081/1.0.0/409.a.js">',
      '<link rel="preload" as="script" href="http://localhost:8081/1.0.0/__federation_expose_HomePage.b.js">',
    ]);
  });

  it('product: the product remote from its release path, and not the catalog', async () => {
    expect(await routePreloadTags('/product', remotes, read)).toEqual([
      '<link rel="preload" as="script" href="https://static.example/product/2.0.0/remoteEntry.js">',
      '<link rel="preload" as="script" href="https://static.example/product/2.0.0/176.d.js">',
    ]);
  });

  it('a manifest that cannot be read, or a remote missing from the composition: nothing', async () => {
    expect(await routePreloadTags('/', remotes, async () => null)).toEqual([]);
    expect(await routePreloadTags('/cart', {}, read)).toEqual([]);
  });

  it('escapes what goes into an attribute', async () => {
    const hostile = 'http://x/"><script>alert(1)</script>/mf-manifest.json';
    const [tag] = await routePreloadTags('/', { 'mfe-catalog': { manifest: hostile } }, async () => manifests['http://localhost:8081/1.0.0/mf-manifest.json'] as Awaited<ReturnType<ManifestReader>>);
    expect(tag).toBe('<link rel="preload" as="script" href="http://x/%22%3E%3Cscript%3Ealert(1)%3C/script%3E/remoteEntry.js">');
  });
});

describe('withRemoteEntries', () => {
  it('gives each remote the entry its manifest names, and leaves a remote whose manifest cannot be read as it was', async () => {
    const unreadable = { version: '0.9.0', manifest: 'http://localhost:8083/0.9.0/mf-manifest.json' };
    expect(await withRemoteEntries({ ...remotes, 'mfe-cart': unreadable }, read)).toEqual({
      'mfe-catalog': { ...remotes['mfe-catalog'], entry: 'http://localhost:8081/1.0.0/remoteEntry.js' },
      'mfe-product': { ...remotes['mfe-product'], entry: 'https://static.example/product/2.0.0/remoteEntry.js' },
      'mfe-cart': unreadable,
    });
  });
});

describe('withPreloads', () => {
  it('puts the tags at the end of the head', () => {
    expect(withPreloads('<html><head><title>t</title></head><body></body></html>', ['<a>', '<b>'])).toBe('<html><head><title>t</title><a><b></head><body></body></html>');
  });
});

describe('manifestReader', () => {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    // A remote's server that takes 800 ms to answer its manifest.
    server = createServer((_request, response) => {
      setTimeout(() => response.setHeader('content-type', 'application/json').end(JSON.stringify(manifests['http://localhost:8081/1.0.0/mf-manifest.json'])), 800);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/1.0.0/mf-manifest.json`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up on a manifest slower than its time, and reads it with the time a raised render budget gives', async () => {
    expect(await manifestReader()(url)).toBeNull();
    expect((await manifestReader({ timeoutMs: manifestTimeoutFor(5000) })(url))?.metaData.remoteEntry.name).toBe('remoteEntry.js');
  });

  it('gets the default time, or the render budget where that is longer', () => {
    expect(manifestTimeoutFor(undefined)).toBe(DEFAULT_MANIFEST_TIMEOUT_MS);
    expect(manifestTimeoutFor(300)).toBe(DEFAULT_MANIFEST_TIMEOUT_MS);
    expect(manifestTimeoutFor(5000)).toBe(5000);
  });
});
