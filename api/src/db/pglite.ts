import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { MEMORY_DATA_DIR, type Database, type Queryable } from './database';

function wrap(connection: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await connection.query<T>(sql, [...params]);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await connection.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WebAssembly): one connection, queries are serialised by PGlite itself. */
export async function createPgliteDatabase(dataDir: string): Promise<Database> {
  const inMemory = dataDir === MEMORY_DATA_DIR;
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = inMemory ? new PGlite() : new PGlite(dataDir);
  await pglite.waitReady;
  const base = wrap(pglite);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    close: () => pglite.close(),
  };
}
