/**
 * The shell's edge and a remote's origin as a browser and an attacker meet them, on a build folder
 * made here: a page's headers and the policy following the composition file, the precompressed
 * copies, nothing private served, and a hung api costing a 504.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildRemoteOrigin, buildShellEdge } from './app';
import { DESCRIPTION, policy, shellBuild } from './testing/edgeFixtures';

const { work, shellDist, compositionFile, compositionSource } = shellBuild('edge-shell-', 18481);

let hungApi: http.Server;
let shell: FastifyInstance;
let remote: FastifyInstance;

beforeAll(async () => {
  const remoteDist = path.join(work, 'mfe-catalog');
  await mkdir(path.join(remoteDist, '1.0.0/server'), { recursive: true });
  await writeFile(path.join(remoteDist, '1.0.0/remoteEntry.js'), 'var mfe_catalog;');
  await writeFile(path.join(remoteDist, '1.0.0/remoteEntry.js.map'), '{"version":3}');
  await writeFile(path.join(remoteDist, '1.0.0/server/remoteEntry.js'), 'exports.mfe_catalog_server_1_0_0 = {};');
  await writeFile(path.join(remoteDist, '1.0.0/server/remoteEntry.js.map'), '{"version":3}');
  await writeFile(path.join(remoteDist, '1.0.0/index.html'), '<!doctype html><title>standalone</title><script src=remoteEntry.js></script>');

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
