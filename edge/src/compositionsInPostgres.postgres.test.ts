/**
 * Compositions in PostgreSQL: the same revisions as the files, one winner of two changes made at
 * the same moment from different connections (machines), a following store told of a change
 * within a second, a reader role that cannot write, a machine's files brought in; and two edge
 * processes on one server, both serving a new composition within a second, one of two changes
 * made at once, and an edge given a role that could write refusing to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '@storefront/api/testing/scratch-database';
import { COMPOSITION_READER_ROLE, CompositionConflict, FileCompositionStore, PgCompositionStore, type CompositionDocument, type RevisionChange } from '@storefront/release-state';

const composition = (version: string): CompositionDocument => ({ remotes: { 'mfe-catalog': { version, manifest: `http://cdn.test/mfe-catalog/${version}/mf-manifest.json` } } });
const change = (version: string, by = 'thandi'): RevisionChange => ({ by, reason: null, action: 'set', composition: composition(version), facts: {}, checkedAt: new Date().toISOString() });

let scratch: ScratchDatabase;
const opened: PgCompositionStore[] = [];

function open(environment = 'production', connectionString = scratch.url): PgCompositionStore {
  const store = new PgCompositionStore({ connectionString, environment });
  opened.push(store);
  return store;
}

beforeAll(async () => {
  scratch = await createScratchDatabase();
}, 30_000);

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await scratch?.drop();
}, 30_000);

describe('the PostgreSQL composition store', () => {
  it('keeps numbered revisions and the live one, per environment, like the files', async () => {
    const production = open('production');
    const staging = open('staging');
    expect(await production.live()).toBeNull();
    expect(await production.changeToken()).toBeNull();
    const first = await production.publish(change('1.0.0'), 0, composition('0.9.0'));
    expect(first).toMatchObject({ revision: 2, basedOn: 1, changes: ['mfe-catalog 0.9.0 → 1.0.0'] });
    await staging.publish(change('2.0.0', 'sipho'), 0);
    expect(await production.live()).toEqual({ revision: 2, document: composition('1.0.0') });
    expect(await staging.live()).toEqual({ revision: 1, document: composition('2.0.0') });
    expect((await production.revisions()).map((revision) => [revision.revision, revision.by])).toEqual([
      [1, 'the working builds'],
      [2, 'thandi'],
    ]);
    const before = await production.changeToken();
    await production.markChecked(1, new Date('2026-11-30T10:00:00Z'), { react: '19.3.1' });
    expect((await production.revision(1))?.checkedAt).toBe('2026-11-30T10:00:00.000Z');
    expect(await production.changeToken()).not.toBe(before);
  });

  it('lets exactly one of two changes made at the same moment from two connections win; the other writes nothing', async () => {
    const environment = `race-${randomBytes(3).toString('hex')}`;
    const [one, two] = [open(environment), open(environment)];
    await one.publish(change('1.0.0'), 0);
    for (let round = 0; round < 5; round += 1) {
      const base = (await one.live())?.revision ?? 0;
      const results = await Promise.allSettled([one.publish(change(`1.1.${round}`, 'thandi'), base), two.publish(change(`1.2.${round}`, 'sipho'), base)]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(CompositionConflict);
      expect(String(refused.reason.message)).toMatch(/^the composition changed since you read it: revision \d+, by (thandi|sipho)/);
    }
    const revisions = await one.revisions();
    expect(revisions.map((revision) => revision.revision)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await two.live())?.revision).toBe(6);
  });

  it('tells a following store of a change within a second, by NOTIFY', async () => {
    const environment = `follow-${randomBytes(3).toString('hex')}`;
    const writer = open(environment);
    const edge = open(environment);
    // A poll far beyond the test: only the notification can tell it in time.
    await edge.follow({ pollMs: 60_000, log: () => undefined });
    expect(await edge.changeToken()).toBeNull();
    await writer.publish(change('1.0.0'), 0);
    const published = Date.now();
    let token: string | null = null;
    while (token === null && Date.now() - published < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      token = await edge.changeToken();
    }
    expect(token).not.toBeNull();
    expect(Date.now() - published).toBeLessThan(1_000);
    expect((await edge.live())?.document).toEqual(composition('1.0.0'));
  });

  it('gives the reader role reads only: a login role in it cannot publish, and says it cannot write', async () => {
    const owner = open('production');
    expect(await owner.canWrite()).toBe(true);
    const role = `storefront_edge_test_${randomBytes(4).toString('hex')}`;
    await scratch.query(`CREATE ROLE ${role} LOGIN IN ROLE ${COMPOSITION_READER_ROLE}`);
    try {
      const url = new URL(scratch.url);
      url.username = role;
      url.password = '';
      const reader = open('production', url.toString());
      expect(await reader.canWrite()).toBe(false);
      expect((await reader.live())?.revision).toBe((await owner.live())?.revision);
      await expect(reader.publish(change('9.9.9'), (await reader.live())?.revision ?? 0)).rejects.toThrow(/permission denied/);
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await expect(client.query("UPDATE composition_environments SET live_revision = 1 WHERE name = 'production'")).rejects.toThrow(/permission denied/);
      await expect(client.query('CREATE TABLE composition_sneaky (id int)')).rejects.toThrow(/permission denied/);
      await client.end();
      await reader.close();
    } finally {
      await scratch.query(`DROP OWNED BY ${role}`);
      await scratch.query(`DROP ROLE ${role}`);
    }
  });

  it("brings in an environment's revisions from this machine's files while it has none", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'composition-import-'));
    try {
      const files = new FileCompositionStore(path.join(dir, 'composition.json'));
      await files.publish(change('1.0.0'), 0);
      await files.publish(change('1.1.0', 'sipho'), 1);
      const store = new PgCompositionStore({ connectionString: scratch.url, environment: 'moved', importFrom: files });
      opened.push(store);
      await store.upgrade();
      await store.upgrade();
      expect((await store.revisions()).map((revision) => [revision.revision, revision.by])).toEqual([
        [1, 'thandi'],
        [2, 'sipho'],
      ]);
      expect(await store.live()).toEqual({ revision: 2, document: composition('1.1.0') });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses an environment name that is not one, in the database too', async () => {
    await expect(open('Bad Name').publish(change('1.0.0'), 0)).rejects.toThrow(/check constraint/);
  });
});

/** An edge process serving /composition.json of the environment it is given, as the shell's edge does. */
const EDGE = `
const Fastify = require('fastify');
const { openCompositionSource, registerCompositionRoute } = require(${JSON.stringify(path.join(__dirname, 'composition.ts'))});
(async () => {
  const source = JSON.parse(process.env.EDGE_SOURCE);
  await openCompositionSource(source, () => undefined);
  const app = Fastify();
  registerCompositionRoute(app, source, async () => null);
  process.stdout.write(await app.listen({ port: 0, host: '127.0.0.1' }) + '\\n');
})().catch((error) => { process.stderr.write(error.message); process.exit(1); });
`;

function startEdge(readerUrl: string): { child: ChildProcess; url: Promise<string> } {
  const ports = { shell: 9, api: 9, remotes: { 'mfe-catalog': 9, 'mfe-product': 9, 'mfe-cart': 9, 'mfe-account': 9 } };
  const versions = { 'mfe-catalog': '1.0.0', 'mfe-product': '1.0.0', 'mfe-cart': '1.0.0', 'mfe-account': '1.0.0' };
  const source = { ports, publicHost: '127.0.0.1', file: '/nonexistent/composition.json', environment: 'production', readerUrl, workingVersions: versions, shellManifest: '/nonexistent/mf-manifest.json', knownGoodAfterMs: 60_000 };
  // No DATABASE_URL and no secret: only what an edge needs.
  const child = spawn(process.execPath, ['--conditions=storefront-source', '-r', 'sucrase/register/ts', '-e', EDGE], {
    cwd: path.join(__dirname, '..', '..'),
    env: { PATH: process.env.PATH, NODE_ENV: 'test', EDGE_SOURCE: JSON.stringify(source) },
  });
  let output = '';
  let errors = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the edge exited with ${code}: ${errors}`)));
  });
  return { child, url };
}

async function servedCatalog(url: string): Promise<string | undefined> {
  const answer = (await (await fetch(`${url}/composition.json`)).json()) as { remotes: Record<string, { version: string }> };
  return answer.remotes['mfe-catalog']?.version;
}

describe('two edge processes on one PostgreSQL', () => {
  let role: string;
  let readerUrl: string;
  const edges: ChildProcess[] = [];

  beforeAll(async () => {
    role = `storefront_edge_test_${randomBytes(4).toString('hex')}`;
    await open('production').ensureSchema();
    await scratch.query(`CREATE ROLE ${role} LOGIN IN ROLE ${COMPOSITION_READER_ROLE}`);
    const url = new URL(scratch.url);
    url.username = role;
    readerUrl = url.toString();
  });

  afterAll(async () => {
    for (const edge of edges) edge.kill();
    await Promise.all(edges.map((edge) => (edge.exitCode === null ? new Promise((resolve) => edge.once('exit', resolve)) : null)));
    await scratch.query(`DROP OWNED BY ${role}`).catch(() => undefined);
    await scratch.query(`DROP ROLE ${role}`).catch(() => undefined);
  });

  it('both serve a new composition within a second, and exactly one of two changes made at the same moment', async () => {
    const writer = open('production');
    const base = (await writer.live())?.revision ?? 0;
    await writer.publish(change('3.0.0'), base);
    const started = [startEdge(readerUrl), startEdge(readerUrl)];
    edges.push(...started.map((edge) => edge.child));
    const urls = await Promise.all(started.map((edge) => edge.url));
    expect(await Promise.all(urls.map(servedCatalog))).toEqual(['3.0.0', '3.0.0']);

    // Two release managers, two connections, the same revision, the same moment.
    const [one, two] = [open('production'), open('production')];
    const live = (await one.live())?.revision ?? 0;
    const results = await Promise.allSettled([one.publish(change('3.1.0', 'thandi'), live), two.publish(change('3.2.0', 'sipho'), live)]);
    const published = Date.now();
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(CompositionConflict);
    const winner = (results.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<{ composition: CompositionDocument }>).value.composition.remotes['mfe-catalog']?.version;

    const seen = await Promise.all(
      urls.map(async (url) => {
        while (Date.now() - published < 3_000) {
          if ((await servedCatalog(url)) === winner) return Date.now() - published;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return Infinity;
      }),
    );
    for (const after of seen) expect(after).toBeLessThan(1_000);
  }, 60_000);

  it('refuses to start an edge whose role could change compositions', async () => {
    const edge = startEdge(scratch.url);
    edges.push(edge.child);
    await expect(edge.url).rejects.toThrow('COMPOSITION_READER_URL names a role that can change compositions');
  }, 30_000);
});

