/**
 * The shell's edge and a remote's origin as a browser and an attacker meet them, on a build folder
 * made here: a page's headers and the policy following the composition file, the precompressed
 * copies, nothing private served, and a hung api costing a 504.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildRemoteOrigin, buildShellEdge } from './app';
import type { CompositionSource } from './composition';
import type { ReleaseFacts } from './compositionRules';
import { FileCompositionStore, type CompositionEntry } from '@storefront/release-state';
import { REMOTE_MODULES } from 'shell/remote-modules';
import type { Ports } from './packages';
import type { ServerQueryEntry } from '@storefront/shared/ssr/contract';
import { inThisThread, type PageRequest, type RenderedPage } from './serverRender';
import type { RenderOptions } from './pageFrame';

const PORTS: Ports = { api: 1, shell: 2, remotes: { 'mfe-catalog': 18481, 'mfe-product': 18482, 'mfe-cart': 18483, 'mfe-account': 18484 } };

/** Long enough to be worth compressing (1 KB). */
const DESCRIPTION = `<meta name=description content="${'Clothing, electronics, accessories and toys, delivered across South Africa. '.repeat(16)}">`;
const INDEX =
  `<!doctype html><html><head>${DESCRIPTION}<title>Jacaranda</title><!--#edge:before-scripts--><script defer src=/main.0123456789.js></script><!--#edge:end-of-head--></head><body><!--#edge:root--><div id=root></div><!--#/edge:root--></body></html>`;

let work: string;
let shellDist: string;
let compositionFile: string;

/** Where the edge finds its composition: the file made here, the working builds at 1.0.0 until there is one. */
function compositionSource(overrides: Partial<CompositionSource> = {}): CompositionSource {
  return {
    ports: PORTS,
    publicHost: 'localhost',
    file: compositionFile,
    workingVersions: { 'mfe-catalog': '1.0.0', 'mfe-product': '1.0.0', 'mfe-cart': '1.0.0', 'mfe-account': '1.0.0' },
    shellManifest: path.join(shellDist, 'mf-manifest.json'),
    knownGoodAfterMs: 30 * 60_000,
    ...overrides,
  };
}
let hungApi: http.Server;
let shell: FastifyInstance;
let remote: FastifyInstance;

function policy(header: string | string[] | undefined): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'edge-app-'));
  shellDist = path.join(work, 'shell');
  await mkdir(path.join(shellDist, 'server'), { recursive: true });
  await writeFile(path.join(shellDist, 'index.html'), INDEX);
  const script = 'console.log("the shell");'.repeat(40);
  await writeFile(path.join(shellDist, 'main.0123456789.js'), script);
  await writeFile(path.join(shellDist, 'main.0123456789.js.br'), zlib.brotliCompressSync(script));
  await writeFile(path.join(shellDist, 'main.0123456789.js.map'), '{"version":3}');
  await writeFile(path.join(shellDist, 'server/render.js'), 'exports.secret = 1;');
  // A file named as a page: the page answers, never the file.
  await writeFile(path.join(shellDist, 'shop'), 'not a page');
  const remoteDist = path.join(work, 'mfe-catalog');
  await mkdir(path.join(remoteDist, '1.0.0/server'), { recursive: true });
  await writeFile(path.join(remoteDist, '1.0.0/remoteEntry.js'), 'var mfe_catalog;');
  await writeFile(path.join(remoteDist, '1.0.0/remoteEntry.js.map'), '{"version":3}');
  await writeFile(path.join(remoteDist, '1.0.0/server/remoteEntry.js'), 'exports.mfe_catalog_server_1_0_0 = {};');
  await writeFile(path.join(remoteDist, '1.0.0/server/remoteEntry.js.map'), '{"version":3}');
  await writeFile(path.join(remoteDist, '1.0.0/index.html'), '<!doctype html><title>standalone</title><script src=remoteEntry.js></script>');
  compositionFile = path.join(work, 'composition/composition.json');

  // An api that takes every request and never answers.
  hungApi = http.createServer(() => undefined);
  await new Promise<void>((resolve) => hungApi.listen(0, '127.0.0.1', resolve));
  shell = await buildShellEdge({
    dist: shellDist,
    apiUrl: `http://127.0.0.1:${(hungApi.address() as AddressInfo).port}`,
    apiTimeoutMs: 300,
    composition: compositionSource(),
    trustProxy: '127.0.0.1',
  });
  remote = await buildRemoteOrigin({ dist: remoteDist, releases: path.join(work, 'releases/mfe-catalog') });
});

afterAll(async () => {
  await shell?.close();
  await remote?.close();
  hungApi?.closeAllConnections();
  await new Promise<void>((resolve) => hungApi.close(() => resolve()));
  await rm(work, { recursive: true, force: true });
});

describe('a page of the shell', () => {
  it('is the build’s page with the headers a shop sends and a policy naming the composed remotes’ origins', async () => {
    const page = await shell.inject({ url: '/shop?page=2' });
    expect(page.statusCode).toBe(200);
    // With its canonical address (seo.ts): the shop's page 2, as the shopper's Host names the shop.
    expect(page.body).toBe(
      `<!doctype html><html><head>${DESCRIPTION}<title>Jacaranda</title><script defer src=/main.0123456789.js></script><link rel="canonical" href="http://localhost:80/shop?page=2"></head><body><div id=root></div></body></html>`,
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const directives = policy(page.headers['content-security-policy']);
    expect(directives.get('script-src')).toEqual(["'self'", 'http://localhost:18481', 'http://localhost:18482', 'http://localhost:18483', 'http://localhost:18484']);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('script-src-attr')).toEqual(["'none'"]);
  });

  it('follows the composition file from one page load to the next, without a restart', async () => {
    await mkdir(path.dirname(compositionFile), { recursive: true });
    await writeFile(
      compositionFile,
      JSON.stringify({
        remotes: {
          'mfe-catalog': 'https://cdn.example.co.za/mfe-catalog/1.5.0/mf-manifest.json',
          'mfe-product': 'http://localhost:18482/1.0.0/mf-manifest.json',
        },
        config: { apiBase: 'https://api.example.co.za', assetHost: 'https://img.example.co.za/products/' },
      }),
    );
    try {
      const directives = policy((await shell.inject({ url: '/' })).headers['content-security-policy']);
      expect(directives.get('script-src')).toEqual(["'self'", 'http://localhost:18482', 'https://cdn.example.co.za']);
      expect(directives.get('connect-src')).toEqual(expect.arrayContaining(['https://api.example.co.za']));
      expect(directives.get('img-src')).toEqual(expect.arrayContaining(['https://img.example.co.za']));
      expect(directives.get('script-src')).not.toContain('https://img.example.co.za');
    } finally {
      await rm(path.dirname(compositionFile), { recursive: true, force: true });
    }
    expect(policy((await shell.inject({ url: '/' })).headers['content-security-policy']).get('script-src')).not.toContain('https://cdn.example.co.za');
  });

  it('sends HSTS and upgrades requests only when a trusted proxy says the shopper came over https', async () => {
    const overHttps = await shell.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '127.0.0.1' });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(policy(overHttps.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    const claimed = await shell.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' }, remoteAddress: '203.0.113.9' });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('is compressed on the way out when the browser accepts it', async () => {
    const page = await shell.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div id=root></div>');
  });
});

describe('the shell’s files', () => {
  it('go out as the build’s brotli copy, cached for a year when hashed', async () => {
    const script = await shell.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(script.rawPayload).toString()).toContain('the shell');
  });

  it('never include a source map or the server bundle, however the path is written', async () => {
    for (const asked of ['/main.0123456789.js.map', '/server/render.js', '/%73erver/render.js', '/server%2Frender.js', '/SERVER/render.js', '/x/../server/render.js']) {
      const answer = await shell.inject({ url: asked });
      expect([asked, answer.statusCode]).toEqual([asked, 404]);
      expect(answer.body).not.toContain('secret');
    }
  });
});

describe('the /api proxy', () => {
  it('answers 504 with a message the shop can show when the api does not answer in time', async () => {
    const started = Date.now();
    const answer = await shell.inject({ url: '/api/products' });
    expect(answer.statusCode).toBe(504);
    expect(answer.json()).toEqual({ error: 'gateway_timeout', message: "The store's server took too long to answer. Please try again." });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('a remote’s origin', () => {
  it('serves its files to pages on any origin, and its standalone page with a policy of its own', async () => {
    const entry = await remote.inject({ url: '/1.0.0/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(entry.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const page = await remote.inject({ url: '/1.0.0/' });
    expect(page.statusCode).toBe(200);
    expect(policy(page.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it('serves its server container, for the shell’s server to load, and never a source map', async () => {
    const container = await remote.inject({ url: '/1.0.0/server/remoteEntry.js' });
    expect(container.statusCode).toBe(200);
    expect(container.body).toContain('mfe_catalog_server_1_0_0');
    for (const asked of ['/1.0.0/remoteEntry.js.map', '/1.0.0/server/remoteEntry.js.map', '/1.0.0/%73erver/remoteEntry.js.map']) {
      expect([asked, (await remote.inject({ url: asked })).statusCode]).toEqual([asked, 404]);
    }
  });
});

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

describe('a page whose remote’s composed version cannot load', () => {
  it('is drawn with its known-good fallback’s container, and its policy lets the browser load the fallback too', async () => {
    const catalogAt = (origin: string, version: string) => ({ version, manifest: `${origin}/mfe-catalog/${version}/mf-manifest.json` });
    const facts: ReleaseFacts = {
      singletons: [{ name: 'react', version: '19.3.1' }],
      exposes: [...REMOTE_MODULES['mfe-catalog']],
      slices: [],
      endpoints: [],
    };
    const store = new FileCompositionStore(compositionFile);
    const publish = (entry: CompositionEntry, basedOn: number) =>
      store.publish({ by: 'thandi', reason: null, action: 'set', composition: { remotes: { 'mfe-catalog': entry } }, facts: { 'mfe-catalog': facts }, checkedAt: new Date().toISOString() }, basedOn);
    await writeFile(path.join(shellDist, 'mf-manifest.json'), JSON.stringify({ metaData: {}, shared: [{ name: 'react', version: '19.3.1' }], exposes: [] }));
    await publish(catalogAt('https://a.cdn.example.co.za', '1.0.0'), 0);
    await publish(catalogAt('https://b.cdn.example.co.za', '1.1.0'), 1);
    const asked: string[] = [];
    const edge = await buildShellEdge({
      dist: shellDist,
      apiUrl: 'http://127.0.0.1:9',
      // Known good as soon as the next revision replaced it.
      composition: compositionSource({ knownGoodAfterMs: 0 }),
      render: {
        draw: inThisThread({
          shell: { renderShellPage: ({ region }) => ({ html: `<main data-version="${region?.version ?? ''}">${region?.html ?? ''}</main>`, css: '' }) },
          loadRemoteBundle: (_remote, { version }) => {
            asked.push(version);
            return Promise.resolve(version === '1.1.0' ? null : { renderRegion: async () => ({ html: `<h1>Home ${version}</h1>`, css: '' }) });
          },
          timeoutMs: 1000,
        }),
      },
    });
    try {
      const page = await edge.inject({ url: '/' });
      expect(page.body).toContain('<main data-version="1.0.0"><h1>Home 1.0.0</h1></main>');
      expect(asked).toEqual(['1.1.0', '1.0.0']);
      expect(policy(page.headers['content-security-policy']).get('script-src')).toEqual(expect.arrayContaining(['https://a.cdn.example.co.za', 'https://b.cdn.example.co.za']));
      const served = (await edge.inject({ url: '/composition.json' })).json<{ remotes: Record<string, CompositionEntry>; lastKnownGood: Record<string, CompositionEntry> }>();
      expect(served.remotes['mfe-catalog']?.version).toBe('1.1.0');
      expect(served.lastKnownGood['mfe-catalog']).toEqual(catalogAt('https://a.cdn.example.co.za', '1.0.0'));
    } finally {
      await edge.close();
      await rm(path.dirname(compositionFile), { recursive: true, force: true });
      await rm(path.join(shellDist, 'mf-manifest.json'));
    }
  });
});

describe('a drawn page’s script preloads', () => {
  it('are at low priority, its pictures first; a page the server could not draw keeps them as built, its scripts drawing its first screen', async () => {
    const dist = path.join(work, 'shell-with-preloads');
    await mkdir(dist, { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX.replace('<!--#edge:end-of-head-->', '<link rel=preload as=script href=/325.0123456789.js><!--#edge:end-of-head-->'));
    const edge = await buildShellEdge({
      dist,
      apiUrl: 'http://127.0.0.1:9',
      composition: compositionSource(),
      render: {
        draw: inThisThread({
          shell: {
            renderShellPage: ({ pathname, region }) => {
              if (pathname === '/cart') throw new Error('the shell could not draw the cart');
              return { html: `<main>${region?.html ?? ''}</main>`, css: '' };
            },
          },
          loadRemoteBundle: () => Promise.resolve({ renderRegion: async () => ({ html: '<h1>Home</h1>', css: '' }) }),
          timeoutMs: 1000,
        }),
      },
    });
    try {
      const drawn = await edge.inject({ url: '/' });
      expect(drawn.body).toContain('<h1>Home</h1>');
      expect(drawn.body).toContain('<link fetchpriority="low" rel=preload as=script href=/325.0123456789.js>');
      const notDrawn = await edge.inject({ url: '/cart' });
      expect(notDrawn.statusCode).toBe(200);
      expect(notDrawn.body).toContain('<div id=root></div>');
      expect(notDrawn.body).toContain('<link rel=preload as=script href=/325.0123456789.js>');
    } finally {
      await edge.close();
    }
  });
});

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
