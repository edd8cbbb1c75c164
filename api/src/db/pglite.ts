import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './dataDirLock';
import { afterCommitCallbacks, CHANNEL_NAME, IN_MEMORY_RANDOM_PAGE_COST, MEMORY_DATA_DIR, type Database, type Queryable } from './database';

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
export async function createPgliteDatabase(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const inMemory = dataDir === MEMORY_DATA_DIR;
  if (loadDataDir && !inMemory) throw new Error('loadDataDir is for an in-memory PGlite only');
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });
  // Before PGlite touches a file: a second process on the folder would lose the first's writes.
  const lock = inMemory ? null : lockDataDir(dataDir);
  // pg_trgm for migrations 002 and 011 (whose trigram index 023 drops); PGlite loads extensions only when asked.
  const extensions = { pg_trgm };
  let pglite: PGlite | undefined;
  try {
    pglite = inMemory ? new PGlite({ extensions, ...(loadDataDir ? { loadDataDir } : {}) }) : new PGlite(dataDir, { extensions });
    await pglite.waitReady;
    await pglite.exec(`SET random_page_cost = ${IN_MEMORY_RANDOM_PAGE_COST}`);
  } catch (error) {
    // Closed (if it got that far) so its files are flushed before another process may take the folder.
    if (pglite?.ready && !pglite.closed) await pglite.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
  const opened = pglite;
  const base = wrap(opened);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const committed = afterCommitCallbacks();
      const result = await opened.transaction((tx) => fn({ ...wrap(tx), afterCommit: committed.add }));
      committed.run();
      return result;
    },
    // One connection in this process: it cannot be lost, so listening starts once and stays.
    async listen(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
      const unlisten = await opened.listen(channel, (payload) => handlers.notification(payload));
      handlers.listening(true);
      return {
        async close() {
          if (!opened.closed) await unlisten();
        },
      };
    },
    dumpDataDir: () => opened.dumpDataDir('none'),
    async close() {
      // Released only once PGlite has flushed its files, whether or not closing went well: the
      // process is done with the folder either way.
      try {
        await opened.close();
      } finally {
        lock?.release();
      }
    },
  };
}
