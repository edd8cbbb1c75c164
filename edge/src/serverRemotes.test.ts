/**
 * The remotes' server containers as the edge loads them through the shell's server: each
 * version's named for it, loaded once from its origin, a missing or failing one rendered in the
 * browser and asked again after a while, a rebuilt working build loaded afresh, and the versions
 * the live composition no longer names dropped.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerRemote } from '@storefront/shared/ssr/contract';
import { serverRemoteOf } from './serverRender';
import { ServerRemotes } from './serverRemotes';

describe('serverRemoteOf', () => {
  it('names each version’s container for its version, beside the composed manifest at the composed origin', () => {
    expect(serverRemoteOf('mfe-catalog', { version: '1.4.0-rc.1', manifest: 'https://cdn.example.co.za/mfe-catalog/1.4.0-rc.1/mf-manifest.json' })).toEqual({
      name: 'mfe_catalog_server_1_4_0_rc_1',
      entry: 'https://cdn.example.co.za/mfe-catalog/1.4.0-rc.1/server/remoteEntry.js',
    });
  });

  it('has none for a name that is not one of our remotes, a version that is not a version, or an address that is not http(s)', () => {
    const manifest = 'http://localhost:8081/1.0.0/mf-manifest.json';
    expect(serverRemoteOf('../../etc', { version: '1.0.0', manifest })).toBeNull();
    expect(serverRemoteOf('mfe-catalog', { version: '../../../etc', manifest })).toBeNull();
    expect(serverRemoteOf('mfe-catalog', { version: '1.0.0', manifest: 'file:///etc/mf-manifest.json' })).toBeNull();
    expect(serverRemoteOf('mfe-catalog', { version: '1.0.0', manifest: 'not an address' })).toBeNull();
  });
});

describe('ServerRemotes', () => {
  /** A remote's origin: answers for its server entries as `answers` says (404 for any other). */
  let origin: http.Server;
  let base: string;
  let answers: Record<string, { status?: number; headers?: Record<string, string> }>;
  let now: number;
  let loads: ServerRemote[];
  let drops: string[];
  let failNextLoad: boolean;
  const log = jest.fn();
  const shell = {
    loadServerRemote: (remote: ServerRemote) => {
      loads.push(remote);
      if (failNextLoad) {
        failNextLoad = false;
        return Promise.reject(new Error('Unexpected token'));
      }
      return Promise.resolve({ renderRegion: () => Promise.resolve({ html: `<p>${remote.name} ${loads.length}</p>`, css: '' }) });
    },
    dropServerRemote: (name: string) => {
      drops.push(name);
    },
  };
  const composed = (version: string) => ({ version, manifest: `${base}/${version}/mf-manifest.json` });
  const options = { retryAfterMs: 30_000, idleMs: 600_000, revalidateMs: 10_000, log };

  beforeAll(async () => {
    origin = http.createServer((request, response) => {
      const answer = answers[request.url ?? ''];
      response.writeHead(answer?.status ?? (answer ? 200 : 404), answer?.headers ?? {});
      response.end();
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => origin.close(() => resolve())));

  beforeEach(() => {
    answers = { '/1.0.0/server/remoteEntry.js': { headers: { etag: '"a"' } }, '/1.1.0/server/remoteEntry.js': { headers: { 'cache-control': 'public, max-age=31536000, immutable' } } };
    loads = [];
    drops = [];
    failNextLoad = false;
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    log.mockReset();
  });
  afterEach(() => jest.restoreAllMocks());

  /** Lets the background revalidation's request come back. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('loads a version once from its origin through the shell’s server, and gives every render the same', async () => {
    const remotes = new ServerRemotes(shell, options);
    const [first, second] = await Promise.all([remotes.bundle('mfe-catalog', composed('1.0.0')), remotes.bundle('mfe-catalog', composed('1.0.0'))]);
    expect(first).not.toBeNull();
    expect(second).toBe(first);
    expect(loads).toEqual([{ name: 'mfe_catalog_server_1_0_0', entry: `${base}/1.0.0/server/remoteEntry.js` }]);
    expect(remotes.loadedNames()).toEqual(['mfe_catalog_server_1_0_0']);
  });

  it('renders a version without a server container in the browser, says so once, and asks again only after a while', async () => {
    const remotes = new ServerRemotes(shell, options);
    expect(await remotes.bundle('mfe-catalog', composed('0.9.0'))).toBeNull();
    expect(await remotes.bundle('mfe-catalog', composed('0.9.0'))).toBeNull();
    expect(loads).toEqual([]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`${base}/0.9.0/server/remoteEntry.js is not there (a version built without a server container): its pages are rendered in the browser`));
    answers['/0.9.0/server/remoteEntry.js'] = {};
    now += 30_000;
    expect(await remotes.bundle('mfe-catalog', composed('0.9.0'))).not.toBeNull();
  });

  it('forgets a version that failed to load, so nothing of it stays registered, and tries it again later', async () => {
    const remotes = new ServerRemotes(shell, options);
    failNextLoad = true;
    expect(await remotes.bundle('mfe-catalog', composed('1.0.0'))).toBeNull();
    expect(drops).toEqual(['mfe_catalog_server_1_0_0']);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('could not be loaded: Unexpected token'));
    now += 29_999;
    expect(await remotes.bundle('mfe-catalog', composed('1.0.0'))).toBeNull();
    now += 1;
    expect(await remotes.bundle('mfe-catalog', composed('1.0.0'))).not.toBeNull();
    expect(loads).toHaveLength(2);
  });

  it('drops the versions the live composition no longer names once no render has used them for a while', async () => {
    const remotes = new ServerRemotes(shell, options);
    await remotes.bundle('mfe-catalog', composed('1.0.0'));
    await remotes.bundle('mfe-catalog', composed('1.1.0'));
    const live = [serverRemoteOf('mfe-catalog', composed('1.1.0'))].flatMap((remote) => (remote ? [remote] : []));
    // 1.0.0 (a preview's, say) rendered a moment ago: kept for now.
    remotes.retain(live);
    expect(drops).toEqual([]);
    now += 600_000;
    remotes.retain(live);
    expect(drops).toEqual(['mfe_catalog_server_1_0_0']);
    expect(remotes.loadedNames()).toEqual(['mfe_catalog_server_1_1_0']);
    // Asked for again, it loads again.
    expect(await remotes.bundle('mfe-catalog', composed('1.0.0'))).not.toBeNull();
    expect(loads.map((remote) => remote.name)).toEqual(['mfe_catalog_server_1_0_0', 'mfe_catalog_server_1_1_0', 'mfe_catalog_server_1_0_0']);
  });

  it('loads a working build again once it was rebuilt in place, and never asks again about a release', async () => {
    const remotes = new ServerRemotes(shell, options);
    const working = await remotes.bundle('mfe-catalog', composed('1.0.0'));
    const release = await remotes.bundle('mfe-catalog', composed('1.1.0'));
    now += 10_000;
    // Unchanged: kept.
    expect(await remotes.bundle('mfe-catalog', composed('1.0.0'))).toBe(working);
    await settle();
    expect(await remotes.bundle('mfe-catalog', composed('1.0.0'))).toBe(working);
    answers['/1.0.0/server/remoteEntry.js'] = { headers: { etag: '"b"' } };
    answers['/1.1.0/server/remoteEntry.js'] = { headers: { etag: '"b"' } };
    now += 10_000;
    await remotes.bundle('mfe-catalog', composed('1.0.0'));
    await remotes.bundle('mfe-catalog', composed('1.1.0'));
    await settle();
    const rebuilt = await remotes.bundle('mfe-catalog', composed('1.0.0'));
    expect(rebuilt).not.toBe(working);
    expect(drops).toEqual(['mfe_catalog_server_1_0_0']);
    expect(await remotes.bundle('mfe-catalog', composed('1.1.0'))).toBe(release);
  });

  it('loads the same version from another address afresh (the runtime holds one container per name)', async () => {
    const remotes = new ServerRemotes(shell, options);
    await remotes.bundle('mfe-catalog', composed('1.0.0'));
    answers['/releases/1.0.0/server/remoteEntry.js'] = {};
    await remotes.bundle('mfe-catalog', { version: '1.0.0', manifest: `${base}/releases/1.0.0/mf-manifest.json` });
    expect(drops).toEqual(['mfe_catalog_server_1_0_0']);
    expect(loads.map((remote) => remote.entry)).toEqual([`${base}/1.0.0/server/remoteEntry.js`, `${base}/releases/1.0.0/server/remoteEntry.js`]);
  });

  it('loads what the live composition names when it starts following it', async () => {
    const remotes = new ServerRemotes(shell, options);
    const following = remotes.follow(() => Promise.resolve({ 'mfe-catalog': composed('1.0.0'), 'mfe-cart': composed('1.1.0'), 'not-ours': composed('1.0.0') }));
    await following.ready;
    following.stop();
    expect(remotes.loadedNames().sort()).toEqual(['mfe_cart_server_1_1_0', 'mfe_catalog_server_1_0_0']);
  });
});
