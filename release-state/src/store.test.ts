import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CompositionConflict,
  describeChanges,
  FileCompositionStore,
  knownGoodFallbacks,
  knownGoodFrom,
  knownGoodRevisions,
  parseCompositionDocument,
  remoteFromName,
  versionFromManifestUrl,
  type CompositionDocument,
  type ReleaseFacts,
  type Revision,
  type RevisionChange,
} from './index';

const catalog = (version: string) => ({ version, manifest: `http://cdn.test/mfe-catalog/${version}/mf-manifest.json` });
const composition = (version: string): CompositionDocument => ({ remotes: { 'mfe-catalog': catalog(version) } });
const facts: ReleaseFacts = { singletons: [{ name: 'react', version: '19.3.1' }], exposes: ['HomePage'], slices: [], endpoints: [] };

function change(version: string, overrides: Partial<RevisionChange> = {}): RevisionChange {
  return {
    by: 'thandi',
    reason: null,
    action: 'set',
    composition: composition(version),
    facts: { 'mfe-catalog': facts },
    checkedAt: new Date().toISOString(),
    ...overrides,
  };
}

describe('the file composition store', () => {
  let dir: string;
  let file: string;
  let store: FileCompositionStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'composition-'));
    file = path.join(dir, 'composition.json');
    store = new FileCompositionStore(file);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('numbers each change, records who, why and what changed, and makes the newest live', async () => {
    expect(await store.live()).toBeNull();
    const first = await store.publish(change('1.0.0'), 0);
    const second = await store.publish(change('1.1.0', { reason: 'new filters' }), first.revision);
    expect(second).toMatchObject({ revision: 2, basedOn: 1, by: 'thandi', reason: 'new filters', changes: ['mfe-catalog 1.0.0 → 1.1.0'] });
    expect(await store.live()).toEqual({ revision: 2, document: composition('1.1.0') });
    expect((await store.revisions()).map((revision) => revision.revision)).toEqual([1, 2]);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp') || name === '.lock')).toEqual([]);
  });

  it('refuses a change made on a revision that is no longer the newest, naming who changed it, and writes nothing', async () => {
    await store.publish(change('1.0.0'), 0);
    await store.publish(change('1.1.0', { by: 'sipho' }), 1);
    const stale = store.publish(change('1.2.0'), 1);
    await expect(stale).rejects.toBeInstanceOf(CompositionConflict);
    await expect(stale).rejects.toThrow(/^the composition changed since you read it: revision 2, by sipho, .*catalog 1\.1\.0; run the command again$/);
    expect((await store.live())?.document).toEqual(composition('1.1.0'));
    expect(await store.revisions()).toHaveLength(2);
  });

  it('lets exactly one of two changes made on the same revision at the same moment win', async () => {
    await store.publish(change('1.0.0'), 0);
    const results = await Promise.allSettled([store.publish(change('1.1.0', { by: 'a' }), 1), store.publish(change('1.2.0', { by: 'b' }), 1)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(CompositionConflict);
    const winner = (results.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<Revision>).value;
    expect((await store.live())?.document).toEqual(winner.composition);
  });

  it('lets exactly one of two processes win, each holding the lock in turn', async () => {
    await store.publish(change('1.0.0'), 0);
    const script = `
      const { FileCompositionStore } = require(${JSON.stringify(path.join(__dirname, 'fileStore.ts'))});
      const store = new FileCompositionStore(process.argv[1]);
      const version = process.argv[2];
      store.publish({ by: version, reason: null, action: 'set', composition: { remotes: { 'mfe-catalog': { version, manifest: 'http://cdn.test/' + version + '/mf-manifest.json' } } }, facts: {}, checkedAt: null }, 1)
        .then(() => console.log('won'), (error) => console.log(error.name));
    `;
    const run = (version: string) =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ['-r', 'sucrase/register/ts', '-e', script, file, version], { cwd: path.join(__dirname, '..', '..') });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', () => resolve(output.trim()));
      });
    const outcomes = await Promise.all([run('2.0.0'), run('3.0.0')]);
    expect(outcomes.sort()).toEqual(['CompositionConflict', 'won']);
    expect(await store.revisions()).toHaveLength(2);
  }, 30_000);

  it('records what the shell served before the first composition, so the first change can be rolled back to it', async () => {
    await store.publish(change('2.0.0'), 0, composition('1.0.0'));
    const revisions = await store.revisions();
    expect(revisions.map((revision) => [revision.revision, revision.action, revision.composition.remotes['mfe-catalog']?.version, revision.checkedAt === null])).toEqual([
      [1, 'imported', '1.0.0', true],
      [2, 'set', '2.0.0', false],
    ]);
  });

  it('takes over a lock left by a command that died holding it', async () => {
    await mkdir(path.join(dir, '.lock'));
    await writeFile(path.join(dir, '.lock', 'owner'), JSON.stringify({ pid: 2 ** 22 + 17, host: os.hostname() }));
    await expect(store.publish(change('1.0.0'), 0)).resolves.toMatchObject({ revision: 1 });
  });

  it('turns a composition kept before revisions (a file and its history) into unchecked revisions', async () => {
    await mkdir(path.join(dir, 'history'));
    await writeFile(path.join(dir, 'history', '000001-2026-01-01T00-00-00-000Z.json'), JSON.stringify(composition('1.0.0')));
    await writeFile(file, JSON.stringify(composition('1.1.0')));
    expect(await store.live()).toEqual({ revision: null, document: composition('1.1.0') });
    await store.upgrade();
    expect(await store.live()).toEqual({ revision: 2, document: composition('1.1.0') });
    const revisions = await store.revisions();
    expect(revisions.map((revision) => [revision.action, revision.checkedAt])).toEqual([
      ['imported', null],
      ['imported', null],
    ]);
    await store.markChecked(2, new Date(), { react: '19.3.1' });
    expect((await store.revision(2))?.checkedAt).not.toBeNull();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ revision: 2 });
  });
});

describe('known good', () => {
  const minute = 60_000;
  const start = Date.parse('2026-11-28T10:00:00Z');
  const at = (minutes: number) => new Date(start + minutes * minute).toISOString();
  function revision(number: number, version: string, minutes: number, overrides: Partial<Revision> = {}): Revision {
    return { ...change(version), revision: number, at: at(minutes), basedOn: number - 1, changes: [], checkedAt: at(minutes), ...overrides };
  }

  it('is a checked revision that stayed live 30 minutes and was not rolled away', () => {
    const revisions = [
      revision(1, '1.0.0', 0), // live 40 min: good
      revision(2, '1.1.0', 40), // live 5 min: too short
      revision(3, '1.2.0', 45), // live 60 min, then rolled away
      revision(4, '1.1.0', 105, { action: 'rollback', restores: 2 }), // live since: 20 min so far
      revision(5, '1.3.0', 125, { checkedAt: null, action: 'imported' }),
    ];
    expect(knownGoodRevisions(revisions, start + 130 * minute, 30 * minute).map((found) => found.revision)).toEqual([1]);
    expect(knownGoodRevisions(revisions.slice(0, 4), start + 140 * minute, 30 * minute).map((found) => found.revision)).toEqual([4, 1]);
    expect(knownGoodFrom(revisions.slice(0, 4), start + 130 * minute, 30 * minute)).toBe(start + 135 * minute);
    expect(knownGoodFrom(revisions, start + 130 * minute, 30 * minute)).toBeNull();
  });

  it('falls back to the newest known-good version that differs and fits the shell, never to a newer unchecked or short-lived one', () => {
    const revisions = [revision(1, '1.0.0', 0), revision(2, '1.1.0', 60), revision(3, '1.2.0', 120), revision(4, '1.3.0', 122)];
    const good = knownGoodRevisions(revisions, start + 125 * minute, 30 * minute);
    const live = composition('1.3.0');
    expect(knownGoodFallbacks(live, good, () => true)).toEqual({ 'mfe-catalog': catalog('1.1.0') });
    expect(knownGoodFallbacks(live, good, (_remote, version) => version !== '1.1.0')).toEqual({ 'mfe-catalog': catalog('1.0.0') });
    expect(knownGoodFallbacks(live, good, () => false)).toEqual({});
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
});

describe('a canary in the composition', () => {
  const canary = { remotes: { 'mfe-catalog': catalog('1.5.0') }, percent: 12.5, startedBy: 4, since: '2026-11-30T08:00:00.000Z' };

  it('is read with the live composition, and refused when its share, start or remotes are not what a canary has', () => {
    expect(parseCompositionDocument(JSON.stringify({ remotes: { 'mfe-catalog': catalog('1.4.0') }, canary }))).toEqual({ remotes: { 'mfe-catalog': catalog('1.4.0') }, canary });
    for (const [bad, message] of [
      [{ ...canary, percent: 0 }, "percent must be more than 0"],
      [{ ...canary, percent: 101 }, "percent must be more than 0"],
      [{ ...canary, percent: 2.55 }, "percent must be more than 0"],
      [{ ...canary, startedBy: 0 }, 'names no revision'],
      [{ ...canary, since: 'soon' }, 'no start time'],
      [{ ...canary, remotes: {} }, 'names no remote'],
      [{ ...canary, remotes: { 'mfe-nothing': catalog('1.5.0') } }, 'unknown remote'],
    ] as const) {
      expect(() => parseCompositionDocument(JSON.stringify({ remotes: { 'mfe-catalog': catalog('1.4.0') }, canary: bad }))).toThrow(message);
    }
  });

  it('says in the history when it starts and ends', () => {
    const live = composition('1.4.0');
    expect(describeChanges(live, { ...live, canary })).toEqual(['canary for 12.5% of browsers: mfe-catalog 1.4.0 → 1.5.0']);
    expect(describeChanges({ ...live, canary }, live)).toEqual(['canary ended: mfe-catalog 1.5.0']);
    // Promoted: the live version changes and the canary ends.
    expect(describeChanges({ ...live, canary }, composition('1.5.0'))).toEqual(['mfe-catalog 1.4.0 → 1.5.0', 'canary ended: mfe-catalog 1.5.0']);
  });
});
