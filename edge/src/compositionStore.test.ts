import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  lastKnownGood,
  parseCompositionDocument,
  publishComposition,
  readComposition,
  readHistory,
  remoteFromName,
  rollbackComposition,
  versionFromManifestUrl,
  type CompositionDocument,
} from './compositionStore';
import { servedComposition } from './composition';

const catalog = (version: string) => ({ version, manifest: `http://cdn.test/mfe-catalog/${version}/mf-manifest.json` });
const composition = (version: string): CompositionDocument => ({ remotes: { 'mfe-catalog': catalog(version) } });

describe('the composition store', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'composition-'));
    file = path.join(dir, 'composition.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('publishes atomically and keeps what was live in the history; rollback restores it', async () => {
    await publishComposition(composition('1.0.0'), file);
    await publishComposition(composition('1.1.0'), file);
    await publishComposition(composition('1.2.0'), file);
    expect((await readComposition(file))?.remotes['mfe-catalog']?.version).toBe('1.2.0');
    expect((await readHistory(file)).map((entry) => entry.document.remotes['mfe-catalog']?.version)).toEqual(['1.0.0', '1.1.0']);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    await rollbackComposition(file);
    expect((await readComposition(file))?.remotes['mfe-catalog']?.version).toBe('1.1.0');
    await rollbackComposition(file);
    expect((await readComposition(file))?.remotes['mfe-catalog']?.version).toBe('1.0.0');
    await expect(rollbackComposition(file)).rejects.toThrow('no earlier composition');
  });

  it('keeps what the shell served before the first composition, so the first set can be rolled back', async () => {
    await publishComposition(composition('2.0.0'), file, composition('1.0.0'));
    await rollbackComposition(file);
    expect((await readComposition(file))?.remotes['mfe-catalog']?.version).toBe('1.0.0');
  });

  it('reads no composition as none, not as an error', async () => {
    expect(await readComposition(file)).toBeNull();
  });
});

describe('lastKnownGood', () => {
  it('is the newest earlier version that differs from the live one', () => {
    const history = [composition('1.0.0'), composition('1.1.0'), composition('1.2.0')].map((document) => ({ document }));
    expect(lastKnownGood(composition('1.2.0'), history)).toEqual({ 'mfe-catalog': catalog('1.1.0') });
    expect(lastKnownGood(composition('1.0.0'), [])).toEqual({});
  });
});

describe('reading compositions', () => {
  it('accepts bare manifest URLs and { version, manifest }, and refuses unknown remotes', () => {
    const document = parseCompositionDocument(
      JSON.stringify({ remotes: { 'mfe-cart': 'http://x/releases/2.0.1/mf-manifest.json', 'mfe-catalog': catalog('1.4.0') } }),
    );
    expect(document.remotes).toEqual({ 'mfe-cart': { version: '2.0.1', manifest: 'http://x/releases/2.0.1/mf-manifest.json' }, 'mfe-catalog': catalog('1.4.0') });
    expect(() => parseCompositionDocument(JSON.stringify({ remotes: { 'mfe-payments': 'http://x/1/mf-manifest.json' } }))).toThrow('unknown remote');
  });

  it('takes the short names release managers type', () => {
    expect(remoteFromName('catalog')).toBe('mfe-catalog');
    expect(remoteFromName('mfe-cart')).toBe('mfe-cart');
    expect(remoteFromName('payments')).toBeUndefined();
  });

  it('reads the version from the manifest’s folder, never from the host', () => {
    expect(versionFromManifestUrl('http://localhost:8081/releases/1.5.0-rc.1/mf-manifest.json')).toBe('1.5.0-rc.1');
    expect(versionFromManifestUrl('http://localhost:8081/mf-manifest.json')).toBeUndefined();
  });

  it('is served as the file says after each publish and rollback, and as the working builds once it is gone', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'composition-served-'));
    const file = path.join(dir, 'composition.json');
    const ports = { shell: 8080, api: 8090, remotes: { 'mfe-catalog': 8081, 'mfe-product': 8082, 'mfe-cart': 8083, 'mfe-account': 8084 } };
    const source = { ports, publicHost: 'localhost', file };
    const served = async () => {
      const { remotes, lastKnownGood: fallbacks } = await servedComposition(undefined, source);
      return [remotes['mfe-catalog']?.version, fallbacks['mfe-catalog']?.version];
    };
    expect((await servedComposition(undefined, source)).remotes['mfe-catalog']?.manifest).toMatch(/^http:\/\/localhost:8081\//);
    await publishComposition(composition('1.0.0'), file);
    await publishComposition(composition('1.1.0'), file);
    expect(await served()).toEqual(['1.1.0', '1.0.0']);
    expect(await served()).toEqual(['1.1.0', '1.0.0']);
    await publishComposition(composition('1.2.0'), file);
    expect(await served()).toEqual(['1.2.0', '1.1.0']);
    await rollbackComposition(file);
    expect(await served()).toEqual(['1.1.0', '1.0.0']);
    await rm(file);
    expect((await servedComposition(undefined, source)).remotes['mfe-catalog']?.manifest).toMatch(/^http:\/\/localhost:8081\//);
    await rm(dir, { recursive: true, force: true });
  });
});

