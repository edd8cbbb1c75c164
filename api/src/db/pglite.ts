import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { lockDataDir } from './dataDirLock';
import { afterCommitCallbacks, CHANNEL_NAME, IN_MEMORY_RANDOM_PAGE_COST, MEMORY_DATA_DIR, type Database, type NamedStatement, type Queryable } from './database';

/**
 * Named statements (database.ts's namedStatement) keep their plan on PGlite too, which has no
 * prepared statements to offer: each becomes a PL/pgSQL function of the session's own (pg_temp),
 * made on its first use, whose statement PL/pgSQL plans once and keeps. Planning was most of a
 * statement's time in PGlite's WebAssembly (about 7 ms of a page of products' 10). Made only
 * outside a transaction (made inside one, a rollback would take it away unseen): inside one, and
 * for a statement whose answer cannot be written as a function's (columns without names of their
 * own), the text runs as any other.
 */
class KeptPlans {
  private readonly calls = new Map<string, Promise<{ sql: string; void: boolean } | null>>();

  constructor(private readonly pglite: PGlite) {}

  /** How to call `statement`'s function, made now if it is not yet, or null: run its text. */
  call(statement: NamedStatement): Promise<{ sql: string; void: boolean } | null> {
    let call = this.calls.get(statement.name);
    if (!call) {
      call = this.make(statement, `kept_${this.calls.size + 1}`).catch(() => null);
      this.calls.set(statement.name, call);
    }
    return call;
  }

  private async make(statement: NamedStatement, name: string): Promise<{ sql: string; void: boolean } | null> {
    const { queryParams, resultFields } = await this.pglite.describeQuery(statement.text);
    const oids = [...new Set([...queryParams, ...resultFields].map((field) => field.dataTypeID))];
    const types = new Map(
      (await this.pglite.query<{ oid: number; name: string }>('SELECT oid::int AS oid, format_type(oid, NULL) AS name FROM pg_type WHERE oid = ANY ($1::oid[])', [oids])).rows.map(
        (row) => [row.oid, row.name],
      ),
    );
    const typeOf = (oid: number) => {
      const type = types.get(oid);
      if (type === undefined) throw new Error(`no type ${oid}`);
      return type;
    };
    const names = resultFields.map((field) => field.name);
    if (new Set(names).size !== names.length || names.some((column) => column.includes('"'))) return null;
    const parameters = queryParams.map((param) => typeOf(param.dataTypeID)).join(', ');
    const arguments_ = queryParams.map((_, index) => `$${index + 1}`).join(', ');
    const isVoid = resultFields.length === 0;
    const returns = isVoid ? 'void' : `TABLE (${resultFields.map((field) => `"${field.name}" ${typeOf(field.dataTypeID)}`).join(', ')})`;
    // Its answer's columns are named as the function's own: the statement's columns are meant.
    const body = isVoid ? `${statement.text};` : `RETURN QUERY ${statement.text};`;
    await this.pglite.exec(`CREATE FUNCTION pg_temp.${name}(${parameters}) RETURNS ${returns} LANGUAGE plpgsql AS $kept$
#variable_conflict use_column
BEGIN
${body}
END
$kept$`);
    return { sql: isVoid ? `SELECT pg_temp.${name}(${arguments_})` : `SELECT * FROM pg_temp.${name}(${arguments_})`, void: isVoid };
  }
}

function wrap(connection: PGlite | Transaction, kept?: KeptPlans): Queryable {
  return {
    async query<T>(sql: string | NamedStatement, params: readonly unknown[] = []) {
      const call = kept && typeof sql !== 'string' ? await kept.call(sql) : null;
      if (call) {
        const result = await connection.query<T>(call.sql, [...params]);
        return { rows: call.void ? [] : result.rows };
      }
      const result = await connection.query<T>(typeof sql === 'string' ? sql : sql.text, [...params]);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await connection.exec(sql);
    },
  };
}

/** Folders in a database folder: its owner's alone. */
const PRIVATE_FOLDER_MODE = 0o700;
/** What a file or folder in it may grant beyond its owner: nothing. */
const OTHERS_BITS = 0o077;

/**
 * The database folder holds password hashes, addresses and orders: it and everything in it are
 * for the api's own user alone (folders 0700, files 0600). PGlite creates its files through Node
 * with the process's umask, so the umask becomes 077 first (the process opening the folder is the
 * api or a command of the shop's; nothing it makes is for other users); a folder made by an
 * earlier version, or copied with other modes, is put right file by file. PGlite then sets each
 * file's mode itself (0666), which PrivateNodeFS below narrows.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(OTHERS_BITS);
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const tighten = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    const mode = stat.isDirectory() ? PRIVATE_FOLDER_MODE : stat.mode & 0o777 & ~OTHERS_BITS;
    if ((stat.mode & 0o777) !== mode) fs.chmodSync(entry, mode);
  };
  tighten(dataDir);
  for (const name of fs.readdirSync(dataDir, { recursive: true }) as string[]) tighten(path.join(dataDir, name));
}

/** The part of Emscripten's Node file system that sets a file's mode (node_ops and stream_ops both go through it). */
interface EmscriptenNodefs {
  doSetAttr(path: unknown, node: unknown, attr: { mode?: number }, ...rest: unknown[]): void;
}

function hasNodefs(module: unknown): module is { NODEFS: EmscriptenNodefs } {
  if (typeof module !== 'object' || module === null || !('NODEFS' in module)) return false;
  const nodefs = module.NODEFS;
  return typeof nodefs === 'object' && nodefs !== null && 'doSetAttr' in nodefs && typeof nodefs.doSetAttr === 'function';
}

/**
 * PGlite's folder on disk, with every mode it sets narrowed to its owner's bits. Should a PGlite
 * upgrade move what this wraps, files keep PGlite's own modes inside the private folder, and the
 * data folder's privacy test fails.
 */
class PrivateNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const narrowModes = (module: unknown) => {
      if (!hasNodefs(module)) return;
      const setAttr = module.NODEFS.doSetAttr.bind(module.NODEFS);
      module.NODEFS.doSetAttr = (path, node, attr, ...rest) =>
        setAttr(path, node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~OTHERS_BITS }, ...rest);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [narrowModes, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

/**
 * A dumped data directory handed to PGlite as it asks for one (a Blob), whose bytes it gets at
 * once: Node's own Blob gives them back in 64 KiB pieces joined again, about 0.3 s for a 40 MB
 * dump, longer than the rest of starting from it.
 */
class DataDirBlob extends Blob {
  constructor(private readonly dump: Uint8Array) {
    super([]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: PGlite may keep or change what it is given, and the same dump starts many databases.
    return Promise.resolve(this.dump.slice().buffer);
  }
}

/**
 * An in-memory PGlite's files already sit in memory, so PostgreSQL's own cache of them (128 MB
 * by default) only holds a second copy; and every start zeroes it, about half a second. 16 MB
 * holds the shop's busy pages. A folder's PGlite keeps the default: its pages are read from disk.
 */
const IN_MEMORY_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Embedded PostgreSQL (WebAssembly): one connection, queries are serialised by PGlite itself. */
export async function createPgliteDatabase(dataDir: string, loadDataDir?: Uint8Array): Promise<Database> {
  const inMemory = dataDir === MEMORY_DATA_DIR;
  if (loadDataDir && !inMemory) throw new Error('loadDataDir is for an in-memory PGlite only');
  if (!inMemory) makeDataDirPrivate(dataDir);
  // Before PGlite touches a file: a second process on the folder would lose the first's writes.
  const lock = inMemory ? null : lockDataDir(dataDir);
  // pg_trgm for migrations 002 and 011 (whose trigram index 023 drops); PGlite loads extensions only when asked.
  const extensions = { pg_trgm };
  let pglite: PGlite | undefined;
  try {
    pglite = inMemory
      ? new PGlite({ extensions, startParams: IN_MEMORY_START_PARAMS, ...(loadDataDir ? { loadDataDir: new DataDirBlob(loadDataDir) } : {}) })
      : new PGlite({ fs: new PrivateNodeFS(dataDir), extensions });
    await pglite.waitReady;
    await pglite.exec(`SET random_page_cost = ${IN_MEMORY_RANDOM_PAGE_COST}`);
  } catch (error) {
    // Closed (if it got that far) so its files are flushed before another process may take the folder.
    if (pglite?.ready && !pglite.closed) await pglite.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
  const opened = pglite;
  const base = wrap(opened, new KeptPlans(opened));
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
