/**
 * Compositions in PostgreSQL: the same revisions as the files, one winner of two changes made at
 * the same moment from different connections (machines), a following store told of a change
 * within a second, a reader role that cannot write, and a machine's files brought in.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '../../api/src/testing/scratchDatabase';
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
