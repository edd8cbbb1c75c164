import { SHOPPER_COOKIE } from '@storefront/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CartItem } from '@storefront/shared/types';
import { buildApp } from '../app';
import { seedDatabase } from '../seed/seed';
import { fetchCatalogue, pickProduct } from '../testing/catalogue';
import { DATABASE_TIMEOUT_MS, testDatabases } from '../testing/testDatabases';
import { DEFAULT_DATA_DIR, MEMORY_DATA_DIR, namedStatement } from './database';
import { createDatabase } from './openDatabase';
import { migrate, MIGRATIONS_DIR, readMigrations } from './migrate';

test('default paths point into the api folder, from src and dist alike', () => {
  const apiDir = path.resolve(__dirname, '..', '..');
  expect(DEFAULT_DATA_DIR).toBe(path.join(apiDir, 'data'));
  expect(MIGRATIONS_DIR).toBe(path.join(apiDir, 'migrations'));
});

test('migrations are read in numeric order', async () => {
  const names = (await readMigrations()).map((migration) => migration.name);
  expect(names[0]).toBe('001_init.sql');
  expect([...names].sort()).toEqual(names);
});

test('a DATABASE_URL that is not PostgreSQL is refused', async () => {
  await expect(createDatabase({ databaseUrl: 'mysql://localhost/shop' })).rejects.toThrow(/postgres/);
});

test('a statement name stands for one text: naming another text with it is refused', () => {
  namedStatement('test.one', 'SELECT $1::int AS one');
  expect(() => namedStatement('test.one', 'SELECT $1::int AS one')).not.toThrow();
  expect(() => namedStatement('test.one', 'SELECT $1::int AS two')).toThrow(/already used/);
});

describe.each(testDatabases())('named statements ($name)', (target) => {
  test('answer as their text does, and keep their plan: prepared on a PostgreSQL server, a function of the session on PGlite', async () => {
    const { database, dispose } = await target.open();
    try {
      const double = namedStatement('test.double', 'SELECT $1::int * 2 AS doubled');
      await database.transaction(async (tx) => {
        expect((await tx.query<{ doubled: number }>(double, [21])).rows).toEqual([{ doubled: 42 }]);
        expect((await tx.query<{ doubled: number }>(double, [4])).rows).toEqual([{ doubled: 8 }]);
        if (database.kind === 'postgres') {
          const kept = await tx.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
          expect(kept.rows.map((row) => row.name)).toContain('test.double');
        }
      });
      expect((await database.query<{ doubled: number }>(double, [5])).rows).toEqual([{ doubled: 10 }]);
      // A write with its answer, and a write with none, answer as their text does.
      await database.exec('CREATE TABLE kept_test (k text PRIMARY KEY, q int NOT NULL)');
      const put = namedStatement('test.put', 'INSERT INTO kept_test (k, q) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET q = EXCLUDED.q');
      const bump = namedStatement('test.bump', 'WITH b AS (UPDATE kept_test SET q = q + $2 WHERE k = $1 RETURNING k, q) SELECT b.k, b.q, b.q * 2 AS twice FROM b');
      expect((await database.query(put, ['a', 1])).rows).toEqual([]);
      await database.query(put, ['a', 2]);
      expect((await database.query(bump, ['a', 3])).rows).toEqual([{ k: 'a', q: 5, twice: 10 }]);
      expect((await database.query(bump, ['missing', 3])).rows).toEqual([]);
      await expect(database.query(put, ['b', null])).rejects.toThrow(/null/);
      if (database.kind === 'pglite') {
        // Kept as functions of the session's own, one per statement.
        const kept = await database.query<{ kept: number }>(
          `SELECT count(*)::int AS kept FROM pg_proc f JOIN pg_namespace n ON n.oid = f.pronamespace WHERE n.nspname LIKE 'pg_temp%' AND f.proname LIKE 'kept%'`,
        );
        expect(kept.rows[0]?.kept).toBe(3);
      }
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});

describe.each(testDatabases())('migrations ($name)', (target) => {
  // One fresh database for the whole story, because opening PGlite costs seconds.
  test('a failing one leaves nothing; then each applies once, even when two runs race', async () => {
    const { database, dispose } = await target.open();
    try {
      const broken = [{ name: '001_broken.sql', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' }];
      await expect(migrate(database, broken)).rejects.toThrow();
      const left = await database.query(
        `SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done' AND table_schema = current_schema()`,
      );
      expect(left.rows).toEqual([]);

      const all = (await readMigrations()).map((migration) => migration.name);
      const [first, second] = await Promise.all([migrate(database), migrate(database)]);
      // Each migration applies once, in one run or the other.
      expect([...(first ?? []), ...(second ?? [])].sort()).toEqual([...all].sort());
      expect(await migrate(database)).toEqual([]);
      const recorded = await database.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(recorded.rows.map((row) => row.name)).toEqual([...all].sort());
      const tables = await database.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
      );
      expect(tables.rows.map((row) => row.table_name)).toEqual(
        expect.arrayContaining(['products', 'cart_lines', 'wishlist_items', 'shoppers', 'categories', 'product_pictures']),
      );

      await seedDatabase(database);
      const stockOf = async () =>
        (await database.query<{ stock: number }>(`SELECT stock FROM products WHERE id = '1'`)).rows[0]?.stock;
      const before = await stockOf();
      await expect(database.query(`UPDATE products SET stock = stock - 1000 WHERE id = '1'`)).rejects.toThrow(/stock/);
      await expect(database.transaction(async (tx) => {
        await tx.query(`UPDATE products SET stock = stock + 5 WHERE id = '1'`);
        throw new Error('changed my mind');
      })).rejects.toThrow('changed my mind');
      expect(await stockOf()).toBe(before);
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});

describe.each(testDatabases())('after a commit ($name)', (target) => {
  test('work waits for the commit, and never runs for a transaction rolled back', async () => {
    const { database, dispose } = await target.open();
    try {
      const done: string[] = [];
      await database.transaction(async (tx) => {
        tx.afterCommit(() => done.push('committed'));
        await tx.query('SELECT 1');
        expect(done).toEqual([]);
      });
      expect(done).toEqual(['committed']);

      await expect(
        database.transaction(async (tx) => {
          tx.afterCommit(() => done.push('thrown'));
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // A failed statement whose error is caught still spoils the transaction: both databases say so.
      await expect(
        database.transaction(async (tx) => {
          tx.afterCommit(() => done.push('spoilt'));
          await tx.query('SELECT no_such_function()').catch(() => undefined);
        }),
      ).rejects.toThrow();
      expect(done).toEqual(['committed']);
    } finally {
      await dispose();
    }
  }, DATABASE_TIMEOUT_MS);
});

test("an in-memory PGlite starts from another's dumped data, and keeps a small cache of its own: its files are already in memory", async () => {
  const first = await createDatabase({ dataDir: MEMORY_DATA_DIR });
  let dump: Uint8Array;
  try {
    await first.exec("CREATE TABLE kept (word text); INSERT INTO kept VALUES ('jacaranda')");
    dump = new Uint8Array(await (await first.dumpDataDir!()).arrayBuffer());
  } finally {
    await first.close();
  }
  const second = await createDatabase({ dataDir: MEMORY_DATA_DIR, loadDataDir: dump });
  try {
    expect((await second.query<{ word: string }>('SELECT word FROM kept')).rows).toEqual([{ word: 'jacaranda' }]);
    expect((await second.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
  } finally {
    await second.close();
  }
}, DATABASE_TIMEOUT_MS);

describe('PGlite on disk', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-api-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a cart survives a restart', async () => {
    const first = await createDatabase({ dataDir });
    await migrate(first);
    expect((await seedDatabase(first)).productsInserted).toBeGreaterThanOrEqual(64);
    const app = await buildApp({ database: first });
    const product = pickProduct(await fetchCatalogue(app), (p) => !p.has_variants && p.stock > 1, 'simple product with stock');
    const added = await app.inject({ method: 'POST', url: '/cart', payload: { id: product.id, qty: 2 } });
    expect(added.statusCode).toBe(201);
    const cookie = added.cookies.find((candidate) => candidate.name === SHOPPER_COOKIE)?.value ?? '';
    await app.close();
    await first.close();

    const second = await createDatabase({ dataDir });
    try {
      // Its pages are read from disk: PostgreSQL's own cache keeps its default size.
      expect((await second.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '128MB' }]);
      expect(await migrate(second)).toEqual([]);
      expect((await seedDatabase(second)).productsInserted).toBe(0);
      const reopened = await buildApp({ database: second });
      const cart = await reopened.inject({ url: '/cart', cookies: { [SHOPPER_COOKIE]: cookie } });
      expect(cart.json<CartItem[]>().map((item) => [item.id, item.qty])).toEqual([[product.id, 2]]);
      await reopened.close();
    } finally {
      await second.close();
    }
  }, DATABASE_TIMEOUT_MS);
});
