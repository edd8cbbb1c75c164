import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CHANNEL_NAME, IN_MEMORY_RANDOM_PAGE_COST, MEMORY_DATA_DIR, type Database, type Queryable } from './database';

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
  // pg_trgm backs the catalogue search (migration 002); PGlite loads extensions only when asked.
  const extensions = { pg_trgm };
  const pglite = inMemory ? new PGlite({ extensions }) : new PGlite(dataDir, { extensions });
  await pglite.waitReady;
  await pglite.exec(`SET random_page_cost = ${IN_MEMORY_RANDOM_PAGE_COST}`);
  const base = wrap(pglite);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    // One connection in this process: it cannot be lost, so listening starts once and stays.
    async listen(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
      const unlisten = await pglite.listen(channel, (payload) => handlers.notification(payload));
      handlers.listening(true);
      return {
        async close() {
          if (!pglite.closed) await unlisten();
        },
      };
    },
    close: () => pglite.close(),
  };
}
