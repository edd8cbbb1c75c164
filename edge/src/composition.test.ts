/**
 * What the edge serves as the composition: the store's live revision or the working builds,
 * each remote's fallback from the known-good revisions that fit the shell served, and a tester's
 * preview when its release passes the rules.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { REMOTE_MODULES } from 'shell/remote-modules';
import { registerCompositionRoute, servedComposition, type CompositionSource } from './composition';
import { answerPreviewRequest } from './previews';
import { withoutBrowserId } from './browserId';
import type { Contract, Manifest, ReleaseFacts } from './compositionRules';
import { FileCompositionStore, readPageView, type CompositionDocument, type RevisionChange } from '@storefront/release-state';
import { packageVersion, type Remote } from './packages';

const MINUTE = 60_000;
const START = Date.parse('2026-11-28T10:00:00Z');
const PORTS = { shell: 8080, api: 8090, remotes: { 'mfe-catalog': 8081, 'mfe-product': 8082, 'mfe-cart': 8083, 'mfe-account': 8084 } };
const REACT = '19.3.1';
const RUNTIME = '2.9.2';

const catalog = (version: string) => ({ version, manifest: `http://cdn.test/mfe-catalog/${version}/mf-manifest.json` });
const composition = (version: string): CompositionDocument => ({ remotes: { 'mfe-catalog': catalog(version) } });

/** What the checks recorded of a release built against @storefront/shared `shared`. */
function factsOf(remote: Remote, shared = '2.1.0', endpoints: string[] = []): ReleaseFacts {
  return {
    singletons: [
      { name: 'react', version: REACT, requiredVersion: '^19.2.0' },
      { name: '@storefront/shared', version: shared, requiredVersion: `^${shared}` },
    ],
    exposes: [...REMOTE_MODULES[remote]],
    pluginVersion: RUNTIME,
    slices: [],
    endpoints,
  };
}

/** The shell build's manifest: the singletons it provides and the federation runtime. */
function shellManifest(shared: string): string {
  return JSON.stringify({
    metaData: { name: 'shell', buildInfo: { buildVersion: '1.0.0' }, remoteEntry: { name: '', path: '' }, pluginVersion: RUNTIME },
    shared: [
      { name: 'react', version: REACT, singleton: true },
      { name: '@storefront/shared', version: shared, singleton: true },
    ],
    exposes: [],
  });
}

let dir: string;
let source: CompositionSource;
let store: FileCompositionStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'composition-served-'));
  source = {
    ports: PORTS,
    publicHost: 'localhost',
    file: path.join(dir, 'composition', 'composition.json'),
    workingVersions: { 'mfe-catalog': '1.0.0', 'mfe-product': '1.0.0', 'mfe-cart': '1.0.0', 'mfe-account': '1.0.0' },
    shellManifest: path.join(dir, 'shell', 'mf-manifest.json'),
    knownGoodAfterMs: 30 * MINUTE,
  };
  store = new FileCompositionStore(source.file);
  await mkdir(path.dirname(source.shellManifest), { recursive: true });
  await writeFile(source.shellManifest, shellManifest('2.2.0'));
  // Only the clock: the store's files are real.
  jest.useFakeTimers({ doNotFake: ['hrtime', 'performance', 'nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask'] });
  jest.setSystemTime(START);
});

afterEach(async () => {
  jest.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

/** Publishes the catalog at `version`, `minutes` after the start, as the compose command would (checked then, unless `checked` is false). */
async function publish(version: string, minutes: number, overrides: Partial<RevisionChange> & { checked?: boolean } = {}) {
  jest.setSystemTime(START + minutes * MINUTE);
  const { checked = true, ...change } = overrides;
  const newest = (await store.revisions()).at(-1)?.revision ?? 0;
  return store.publish(
    {
      by: 'thandi',
      reason: null,
      action: 'set',
      composition: composition(version),
      facts: { 'mfe-catalog': factsOf('mfe-catalog') },
      checkedAt: checked ? new Date().toISOString() : null,
      ...change,
    },
    newest,
  );
}

/** The catalog's served version and its fallback, `minutes` after the start. */
async function served(minutes: number): Promise<[string | undefined, string | undefined]> {
  jest.setSystemTime(START + minutes * MINUTE);
  const { remotes, lastKnownGood } = await servedComposition(undefined, source);
  return [remotes['mfe-catalog']?.version, lastKnownGood['mfe-catalog']?.version];
}

describe('the served composition', () => {
  it('names the working builds by the versions the store started with, whatever a package.json says since', async () => {
    const started = { 'mfe-catalog': '0.9.0', 'mfe-product': '0.9.1', 'mfe-cart': '0.9.2', 'mfe-account': '0.9.3' } as const;
    expect(packageVersion('mfe-catalog')).not.toBe(started['mfe-catalog']);
    const { remotes, lastKnownGood } = await servedComposition(undefined, { ...source, workingVersions: started });
    expect(remotes).toEqual({
      'mfe-catalog': { version: '0.9.0', manifest: 'http://localhost:8081/0.9.0/mf-manifest.json' },
      'mfe-product': { version: '0.9.1', manifest: 'http://localhost:8082/0.9.1/mf-manifest.json' },
      'mfe-cart': { version: '0.9.2', manifest: 'http://localhost:8083/0.9.2/mf-manifest.json' },
      'mfe-account': { version: '0.9.3', manifest: 'http://localhost:8084/0.9.3/mf-manifest.json' },
    });
    expect(lastKnownGood).toEqual({});
  });

  it('is served as the store says after each publish and rollback, falling back only to a known-good revision, and as the working builds once it is gone', async () => {
    await publish('1.0.0', 0);
    expect(await served(1)).toEqual(['1.0.0', undefined]);
    await publish('1.1.0', 40);
    expect(await served(41)).toEqual(['1.1.0', '1.0.0']);
    expect(await served(42)).toEqual(['1.1.0', '1.0.0']);
    await publish('1.2.0', 80);
    expect(await served(81)).toEqual(['1.2.0', '1.1.0']);
    // 1.2.0 is rolled away: never a fallback, and 1.1.0 is live again.
    await publish('1.1.0', 85, { action: 'rollback', restores: 2 });
    expect(await served(86)).toEqual(['1.1.0', '1.0.0']);
    // Not checked: live, but never a fallback, however long it stayed.
    await publish('1.3.0', 130, { checked: false, facts: {} });
    expect(await served(131)).toEqual(['1.3.0', '1.1.0']);
    await publish('1.4.0', 300);
    expect(await served(301)).toEqual(['1.4.0', '1.1.0']);
    // Live only 5 minutes before the next: too young to be known good.
    await publish('1.5.0', 305);
    expect(await served(306)).toEqual(['1.5.0', '1.1.0']);
    await rm(source.file);
    const working = await servedComposition(undefined, source);
    expect(working.remotes['mfe-catalog']).toEqual({ version: '1.0.0', manifest: 'http://localhost:8081/1.0.0/mf-manifest.json' });
    expect(working.lastKnownGood).toEqual({});
  });

  it('learns that a revision has become known good when its time comes, without a write or a restart', async () => {
    await publish('1.0.0', 0);
    await publish('1.1.0', 40);
    // An operator puts a version live by hand, in the live file alone: revision 2 is the newest
    // revision, and becomes a fallback once it has been live 30 minutes, without another write.
    jest.setSystemTime(START + 45 * MINUTE);
    await writeFile(source.file, JSON.stringify({ revision: 2, ...composition('1.1.1') }));
    expect(await served(46)).toEqual(['1.1.1', '1.0.0']);
    expect(await served(69)).toEqual(['1.1.1', '1.0.0']);
    expect(await served(70)).toEqual(['1.1.1', '1.1.0']);
  });

  it('falls back only to versions that fit the shell served now, and to none while its manifest is missing', async () => {
    await publish('1.0.0', 0);
    await publish('1.1.0', 40, { facts: { 'mfe-catalog': factsOf('mfe-catalog', '3.0.0') } });
    await publish('1.2.0', 80);
    // 1.1.0 was built against @storefront/shared 3, the shell has 2.2.0: the one before it.
    expect(await served(81)).toEqual(['1.2.0', '1.0.0']);
    await rm(source.shellManifest);
    expect(await served(82)).toEqual(['1.2.0', undefined]);
    await writeFile(source.shellManifest, shellManifest('3.1.0'));
    expect(await served(83)).toEqual(['1.2.0', '1.1.0']);
    await writeFile(source.shellManifest, 'not a manifest');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await served(84)).toEqual(['1.2.0', undefined]);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("the shell's manifest cannot be read"));
  });
});

describe('a preview', () => {
  let releases: string;
  let previous: string | undefined;
  let app: FastifyInstance;

  /** A release in the release store (the cart's unless said), built against @storefront/shared `shared`. */
  async function release(version: string, { remote = 'mfe-cart' as Remote, shared = '2.1.0', endpoints = [] as string[], contract = true } = {}) {
    const folder = path.join(releases, remote, version);
    await mkdir(folder, { recursive: true });
    const manifest: Manifest = {
      metaData: { name: remote.replace('-', '_'), buildInfo: { buildVersion: version }, remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto', pluginVersion: RUNTIME },
      shared: [
        { name: 'react', version: REACT, requiredVersion: '^19.2.0', singleton: true },
        { name: '@storefront/shared', version: shared, requiredVersion: `^${shared}`, singleton: true },
      ],
      exposes: REMOTE_MODULES[remote].map((name) => ({ name: `./${name}` })),
    };
    const written: Contract = { name: remote, version, exposes: [...REMOTE_MODULES[remote]], slices: [], endpoints, shared: {} };
    await writeFile(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
    await writeFile(path.join(folder, 'remoteEntry.js'), 'var mfe_cart;');
    if (contract) await writeFile(path.join(folder, 'contract.json'), JSON.stringify(written));
  }

  const previewOf = async (cookie: string) => {
    const { remotes, preview, previewRefused } = await servedComposition(`sf_shopper=abc; sf_preview=${encodeURIComponent(cookie)}`, source);
    return { cart: remotes['mfe-cart']?.version, preview, previewRefused };
  };

  beforeEach(async () => {
    previous = process.env.RELEASES_DIR;
    releases = path.join(dir, 'releases');
    process.env.RELEASES_DIR = releases;
    await release('1.0.1');
    await release('1.0.2', { shared: '3.0.0' });
    await release('1.0.3', { contract: false });
    await release('1.0.4', { endpoints: ['getProductFacets'] });
    await release('1.1.0', { remote: 'mfe-catalog' });
    app = Fastify();
    app.get('/*', async (request, reply) => ((await answerPreviewRequest(request, reply)) ? reply : reply.send('the page')));
    registerCompositionRoute(app, source, () => Promise.resolve(null));
  });

  afterEach(async () => {
    await app.close();
    if (previous === undefined) delete process.env.RELEASES_DIR;
    else process.env.RELEASES_DIR = previous;
  });

  it('of a release that passes the rules is served to the tester', async () => {
    expect(await previewOf('cart@1.0.1')).toEqual({ cart: '1.0.1', preview: [{ remote: 'mfe-cart', version: '1.0.1' }], previewRefused: [] });
    expect((await servedComposition(undefined, source)).remotes['mfe-cart']?.version).toBe('1.0.0');
  });

  it('of a release that fails them is refused, saying why: the tester gets the live version', async () => {
    expect(await previewOf('mfe-cart@1.0.2')).toEqual({
      cart: '1.0.0',
      preview: [],
      previewRefused: [{ remote: 'mfe-cart', version: '1.0.2', reason: '@storefront/shared: the shell has 2.2.0, mfe-cart needs major 3' }],
    });
    expect((await previewOf('mfe-cart@1.0.3')).previewRefused).toEqual([{ remote: 'mfe-cart', version: '1.0.3', reason: 'no contract.json beside the manifest of mfe-cart@1.0.3' }]);
    // One refused, one accepted.
    const both = await previewOf('mfe-cart@1.0.2,mfe-catalog@1.1.0');
    expect(both.preview).toEqual([{ remote: 'mfe-catalog', version: '1.1.0' }]);
    expect(both.previewRefused.map((refused) => `${refused.remote}@${refused.version}`)).toEqual(['mfe-cart@1.0.2']);
  });

  it('is judged beside the live revision’s other remotes, by the facts recorded for them', async () => {
    expect((await previewOf('mfe-cart@1.0.4')).preview).toEqual([{ remote: 'mfe-cart', version: '1.0.4' }]);
    await publish('1.0.0', 0, { facts: { 'mfe-catalog': factsOf('mfe-catalog', '2.1.0', ['getProductFacets']) } });
    expect(await previewOf('mfe-cart@1.0.4')).toMatchObject({
      cart: undefined,
      preview: [],
      previewRefused: [{ remote: 'mfe-cart', version: '1.0.4', reason: 'endpoint "getProductFacets" is injected by both mfe-catalog and mfe-cart' }],
    });
    // The live file edited by hand to another catalog: what is recorded of revision 1's catalog says nothing of it.
    await writeFile(source.file, JSON.stringify({ revision: 1, ...composition('1.0.9') }));
    expect((await previewOf('mfe-cart@1.0.4')).preview).toEqual([{ remote: 'mfe-cart', version: '1.0.4' }]);
  });

  it('is refused while the shell’s manifest is missing: nothing can be checked', async () => {
    await rm(source.shellManifest);
    expect((await previewOf('mfe-cart@1.0.1')).previewRefused).toEqual([
      { remote: 'mfe-cart', version: '1.0.1', reason: "the shell's manifest cannot be read, so mfe-cart 1.0.1 cannot be checked" },
    ]);
  });

  it('keeps its cookie and redirect when refused, so the banner says so until the tester leaves it; a version not released is a 400', async () => {
    const asked = await app.inject({ url: '/cart?preview=mfe-cart@1.0.2' });
    expect(asked.statusCode).toBe(302);
    expect(asked.headers.location).toBe('/cart');
    const cookie = String(asked.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toBe('sf_preview=mfe-cart%401.0.2');
    const answered = (await app.inject({ url: '/composition.json', headers: { cookie } })).json<{ preview: unknown[]; previewRefused: { version: string; reason: string }[] }>();
    expect(answered.preview).toEqual([]);
    expect(answered.previewRefused).toEqual([{ remote: 'mfe-cart', version: '1.0.2', reason: '@storefront/shared: the shell has 2.2.0, mfe-cart needs major 3' }]);
    const unknown = await app.inject({ url: '/?preview=mfe-cart@7.7.7' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('not in the release store');
  });
});

describe('a canary', () => {
  const SECRET = 'the-edge-and-api-share-this-secret-32+';
  let app: FastifyInstance;

  beforeEach(async () => {
    // 1.0.0 live and known good; then 1.1.0 to 50% of browsers.
    await publish('1.0.0', 0);
    await publish('1.0.0', 40, {
      action: 'canary',
      composition: { ...composition('1.0.0'), canary: { remotes: { 'mfe-catalog': catalog('1.1.0') }, percent: 50, startedBy: 2, since: new Date(START + 40 * MINUTE).toISOString() } },
    });
    app = Fastify();
    registerCompositionRoute(app, source, () => Promise.resolve(null), SECRET);
  });

  afterEach(() => app.close());

  async function compositionFor(cookie?: string) {
    const answer = await app.inject({ url: '/composition.json', headers: cookie ? { cookie } : {} });
    return { answer, body: answer.json<{ remotes: Record<string, { version: string }>; lastKnownGood: Record<string, { version: string }>; arm: string; canary: number | null; pageView?: string }>() };
  }

  it('is served to about its share of browsers, each keeping its version on every load; the others get the live one', async () => {
    const versions = new Map<string, string>();
    for (let browser = 0; browser < 40; browser += 1) {
      const { answer, body } = await compositionFor();
      // A browser's first answer gives it its id, for good.
      const setCookie = String(answer.headers['set-cookie']);
      expect(setCookie).toMatch(/^sf_release=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
      const cookie = setCookie.split(';')[0] as string;
      versions.set(cookie, body.remotes['mfe-catalog']?.version as string);
      expect(body.arm).toBe(body.remotes['mfe-catalog']?.version === '1.1.0' ? 'canary' : 'live');
      expect(body.canary).toBe(2);
      // Later loads: the same version, and no new id.
      for (let load = 0; load < 3; load += 1) {
        const again = await compositionFor(`sf_shopper=s1; ${cookie}`);
        expect(again.answer.headers['set-cookie']).toBeUndefined();
        expect(again.body.remotes['mfe-catalog']?.version).toBe(versions.get(cookie));
      }
    }
    const inCanary = [...versions.values()].filter((version) => version === '1.1.0').length;
    expect(inCanary).toBeGreaterThan(8);
    expect(inCanary).toBeLessThan(32);
  });

  it('falls back on the live version where it cannot load; the live arm has none while no other version is known good', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, async () => String((await compositionFor()).answer.headers['set-cookie']).split(';')[0] as string));
    for (const cookie of ids) {
      const { body } = await compositionFor(cookie);
      if (body.arm === 'canary') expect(body.lastKnownGood['mfe-catalog']?.version).toBe('1.0.0');
      else expect(body.lastKnownGood['mfe-catalog']).toBeUndefined();
    }
  });

  it('gives each load its own signed page-view token naming the arm and versions served, kept by no shared cache', async () => {
    const { answer, body } = await compositionFor();
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    const read = readPageView(SECRET, body.pageView as string);
    expect(read).toEqual({ view: { id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), issuedAt: START + 40 * MINUTE, arm: body.arm, canary: 2, versions: { 'mfe-catalog': body.remotes['mfe-catalog']?.version } } });
    const cookie = String(answer.headers['set-cookie']).split(';')[0] as string;
    const next = await compositionFor(cookie);
    expect(next.body.pageView).not.toBe(body.pageView);
  });

  it('ends for everyone on their next load once aborted', async () => {
    const cookies = await Promise.all(Array.from({ length: 20 }, async () => String((await compositionFor()).answer.headers['set-cookie']).split(';')[0] as string));
    const { canary: _ended, ...live } = (await store.live())!.document;
    jest.setSystemTime(START + 50 * MINUTE);
    await store.publish({ by: 'auto-abort', reason: 'error rate', action: 'abort', composition: live, facts: {}, checkedAt: null }, 2);
    for (const cookie of cookies) {
      const { body } = await compositionFor(cookie);
      expect([body.arm, body.remotes['mfe-catalog']?.version, body.canary]).toEqual(['live', '1.0.0', null]);
    }
  });

  it('is not what a cookie of the browser’s id alone makes of a request: that one is a guest’s', () => {
    expect(withoutBrowserId('sf_release=abcdefghijklmnopqrstuv')).toBeUndefined();
    expect(withoutBrowserId('sf_shopper=s1; sf_release=abcdefghijklmnopqrstuv; sf_cart=c')).toBe('sf_shopper=s1; sf_cart=c');
    expect(withoutBrowserId('sf_shopper=s1')).toBe('sf_shopper=s1');
    expect(withoutBrowserId(undefined)).toBeUndefined();
  });
});
