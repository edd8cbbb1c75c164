import path from 'node:path';

export interface QueryResult<T> {
  rows: T[];
}

/**
 * A statement the database plans once per connection and then keeps, for the few a shopper's
 * every click runs: planning the cart's update took about twice as long as running it, and under
 * many shoppers' clicks the server spent most of its time planning. On PostgreSQL a prepared
 * statement; on PGlite a PL/pgSQL function of the session (pglite.ts). Only for statements whose
 * best plan does not depend on the values given (a lookup by key): the database may settle on one
 * plan for all values.
 */
export interface NamedStatement {
  /** Unique per text: a connection keeps each name's statement for its life. */
  readonly name: string;
  readonly text: string;
}

const statementNames = new Map<string, string>();

/** Names `text` as a kept statement; one name stands for one text across the whole api. */
export function namedStatement(name: string, text: string): NamedStatement {
  const known = statementNames.get(name);
  if (known !== undefined && known !== text) throw new Error(`The statement name "${name}" is already used for another statement`);
  statementNames.set(name, text);
  return { name, text };
}

/** What a route needs from a connection: parameterised queries, and scripts for migrations. */
export interface Queryable {
  query<T>(sql: string | NamedStatement, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DatabaseKind = 'pglite' | 'postgres';

/** What LISTEN reports: each NOTIFY on the channel, and whether notifications can be missed. */
export interface NotificationHandlers {
  notification(payload: string): void;
  /**
   * true once listening; false when the connection carrying it is lost, so notifications sent
   * from then on are missed until it reports true again (it keeps trying).
   */
  listening(active: boolean): void;
}

export interface Subscription {
  close(): Promise<void>;
}

/** LISTEN takes an identifier, not a parameter: channels are plain lower-case names. */
export const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** One connection inside BEGIN … COMMIT, as `Database.transaction` hands it to its callback. */
export interface Transaction extends Queryable {
  /**
   * Runs `callback` once the transaction has committed, and never if it rolls back: for work
   * outside the database that must follow the change and never a change undone (sending mail).
   * It must not throw: the change is made by then, and the caller's answer is a success.
   */
  afterCommit(callback: () => void): void;
}

/** The callbacks a transaction runs once it has committed (Transaction.afterCommit). */
export function afterCommitCallbacks(): { add(callback: () => void): void; run(): void } {
  const callbacks: (() => void)[] = [];
  return {
    add: (callback) => void callbacks.push(callback),
    run: () => {
      for (const callback of callbacks.splice(0)) callback();
    },
  };
}

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /**
   * Runs `fn` on one connection inside BEGIN … COMMIT; a throw rolls back. `unbounded` lifts the
   * statement timeout for this transaction alone: for migrations and seeding, which may build an
   * index over a large catalogue or wait for another process's migrations.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: { unbounded?: boolean }): Promise<T>;
  /**
   * LISTENs on `channel` (a connection of its own on a server, so a pool never holds it up).
   * Resolves after the first attempt, listening or not; on a server it retries until closed.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Subscription>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, which `loadDataDir` starts another from. */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * How long a PostgreSQL server may keep the api waiting (PGlite runs in the process: nothing to
 * wait for). A request whose database stops answering is answered 503 rather than hanging.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /**
   * One statement: the server cancels it (statement_timeout), and the api gives up on its own a
   * moment later when not even the cancellation arrives (a network dropping packets).
   */
  statementMs: number;
  /** Idle time before TCP keepalive probes, and between checks of the LISTEN connection. */
  keepAliveMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 10_000, keepAliveMs: 30_000 };

export interface DatabaseOptions {
  /** PostgreSQL only: timeouts over DEFAULT_DATABASE_TIMEOUTS. */
  timeouts?: Partial<DatabaseTimeouts>;
  /** postgres://… selects a PostgreSQL server; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite folder, or 'memory://' for a throwaway database. */
  dataDir?: string;
  /** PostgreSQL only: a schema to create and put first on every connection's search_path. */
  schema?: string;
  /**
   * In-memory PGlite only: start from this dumped data directory (`dumpDataDir`'s bytes) rather
   * than an empty one. Test suites start from a migrated, seeded copy this way, skipping initdb.
   */
  loadDataDir?: Uint8Array;
}

export const MEMORY_DATA_DIR = 'memory://';

/**
 * PostgreSQL's default random_page_cost (4) prices a page fetched out of order as if from a
 * spinning disk, so for a word found in one product in ten it reads every document rather than
 * use the trigram index: about three times slower at 10^5 products. The shop's data sits in
 * memory (PGlite's always does; a server caches one of this size), so every connection is told
 * so when it opens, rather than each read in a transaction of its own (three more round trips).
 */
export const IN_MEMORY_RANDOM_PAGE_COST = 1.1;

/**
 * api/data, whether this file runs as src/db (jest) or dist/db (node): both sit two levels
 * below the api folder.
 */
export const DEFAULT_DATA_DIR = path.resolve(__dirname, '../../data');
