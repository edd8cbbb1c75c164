import pg from 'pg';
import {
  afterCommitCallbacks,
  CHANNEL_NAME,
  DEFAULT_DATABASE_TIMEOUTS,
  IN_MEMORY_RANDOM_PAGE_COST,
  type Database,
  type DatabaseTimeouts,
  type NamedStatement,
  type NotificationHandlers,
  type Queryable,
  type Subscription,
} from './database';
import { asUnavailable, DatabaseUnavailableError } from './errors';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** How long to wait before LISTENing again after the connection was lost or could not be made. */
export const RELISTEN_DELAY_MS = 500;
export const LISTENER_APPLICATION_NAME = 'storefront-api listener';

/**
 * How much longer than the statement timeout the api waits on its own: the server's cancellation
 * arrives within it when the server is there; when nothing arrives at all, the api stops waiting.
 */
const READ_TIMEOUT_GRACE_MS = 500;

/** How long a closing connection may take to say goodbye before its socket is simply destroyed. */
const CLOSE_GRACE_MS = 1_000;

/** The socket under a pg client, to destroy when a polite end() would wait on a silent network. */
function destroySocket(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** end() on `client`, but no longer than CLOSE_GRACE_MS: a network dropping packets never answers it. */
async function endWithin(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([client.end().catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)))]);
  clearTimeout(timer);
  destroySocket(client);
}

/**
 * A statement for pg, given up on after `readTimeoutMs` when one is given (pg reads
 * `query_timeout` from the query's config; its type definitions leave it out).
 */
function statement(sql: string | NamedStatement, values: readonly unknown[] | undefined, readTimeoutMs: number | undefined): pg.QueryConfig {
  // A named statement is prepared once per connection (pg keeps its name) and run by name after.
  const text = typeof sql === 'string' ? { text: sql } : { name: sql.name, text: sql.text };
  return { ...text, ...(values ? { values: [...values] } : {}), ...(readTimeoutMs ? { query_timeout: readTimeoutMs } : {}) } as pg.QueryConfig;
}

/** What every connection of the api is opened with: the timeouts, and the name it shows in pg_stat_activity. */
function connectionConfig(databaseUrl: string, timeouts: DatabaseTimeouts, applicationName: string): pg.ClientConfig {
  return {
    connectionString: databaseUrl,
    connectionTimeoutMillis: timeouts.connectMs,
    // A connection whose network silently died is noticed by the kernel's keepalive probes.
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveMs,
    application_name: applicationName,
  };
}

/**
 * LISTEN on a client of its own, outside the pool. When that connection is lost the handlers
 * hear listening(false) at once, and it is made again every RELISTEN_DELAY_MS until it works.
 */
async function listenOnOwnConnection(
  databaseUrl: string,
  schema: string | undefined,
  timeouts: DatabaseTimeouts,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Subscription> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const scheduleRetry = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RELISTEN_DELAY_MS);
  };

  const connect = async (): Promise<void> => {
    // The name shows in pg_stat_activity (and lets a test cut exactly this connection).
    const client = new pg.Client(connectionConfig(databaseUrl, timeouts, `${LISTENER_APPLICATION_NAME} ${schema ?? 'public'}`));
    let lost = false;
    let heartbeat: NodeJS.Timeout | undefined = undefined;
    const onLost = () => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      if (current === client) {
        current = null;
        handlers.listening(false);
      }
      void endWithin(client);
      scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (lost) return;
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    handlers.listening(true);
    // A LISTEN connection only ever receives: one whose server went silent (packets dropped
    // somewhere between) would look alive forever, and its notifications would be missed. It is
    // asked a question every keepAliveMs, and one not answered in connectMs counts as lost.
    heartbeat = setInterval(() => {
      client.query(statement('SELECT 1', undefined, timeouts.connectMs)).catch(onLost);
    }, timeouts.keepAliveMs);
    heartbeat.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      if (client) await endWithin(client);
    },
  };
}

/**
 * Queries on `connection`, each given up on after `readTimeoutMs` (none: unbounded), and every
 * failure that says the database is out of reach thrown as a DatabaseUnavailableError.
 */
function wrap(connection: pg.Pool | pg.PoolClient, readTimeoutMs: number | undefined): Queryable {
  return {
    async query<T>(sql: string | NamedStatement, params: readonly unknown[] = []) {
      try {
        const result = await connection.query(statement(sql, params, readTimeoutMs));
        return { rows: result.rows as T[] };
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which runs several statements.
      try {
        await connection.query(statement(sql, undefined, readTimeoutMs));
      } catch (error) {
        throw asUnavailable(error);
      }
    },
  };
}

export async function createPostgresDatabase(databaseUrl: string, schema?: string, timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS): Promise<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name "${schema}"`);
  }
  if (schema) {
    const setup = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeouts.connectMs });
    try {
      await setup.connect();
      await setup.query(statement(`CREATE SCHEMA IF NOT EXISTS "${schema}"`, undefined, timeouts.statementMs + READ_TIMEOUT_GRACE_MS));
    } catch (error) {
      throw asUnavailable(error);
    } finally {
      await endWithin(setup);
    }
  }
  const pool = new pg.Pool({
    ...connectionConfig(databaseUrl, timeouts, 'storefront-api'),
    // The server cancels a statement that runs longer (and answers the api with an error).
    statement_timeout: timeouts.statementMs,
    // …and ends a transaction left open by an api that went away mid-way, releasing its locks.
    idle_in_transaction_session_timeout: timeouts.statementMs,
    // Every pooled connection starts with the schema first, so unqualified names resolve there.
    options: [`-c random_page_cost=${IN_MEMORY_RANDOM_PAGE_COST}`, ...(schema ? [`-c search_path=${schema},public`] : [])].join(' '),
  });
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  const readTimeoutMs = timeouts.statementMs + READ_TIMEOUT_GRACE_MS;
  const base = wrap(pool, readTimeoutMs);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn, { unbounded = false } = {}) {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asUnavailable(error);
      }
      const connection = wrap(client, unbounded ? undefined : readTimeoutMs);
      const committed = afterCommitCallbacks();
      // A connection that timed out may still be waiting for its answer: it leaves the pool.
      let broken: Error | undefined;
      try {
        await connection.query('BEGIN');
        if (unbounded) await connection.query('SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0');
        const result = await fn({ ...connection, afterCommit: committed.add });
        // A statement that failed (its error caught inside `fn`) has spoilt the transaction, and the
        // server answers COMMIT with ROLLBACK rather than an error. It is one, as PGlite says.
        const commit = await client.query(statement('COMMIT', undefined, readTimeoutMs)).catch((error: unknown) => {
          throw asUnavailable(error);
        });
        if (commit.command === 'ROLLBACK') throw new Error('The transaction was rolled back at COMMIT: a statement in it had failed');
        committed.run();
        return result;
      } catch (error) {
        if (error instanceof DatabaseUnavailableError) {
          // Nothing more can be said on this connection (its last statement may still be waiting
          // for an answer); the server rolls back when the connection closes, or at its
          // idle-in-transaction timeout if the network keeps it from hearing that.
          broken = error;
        } else {
          await client.query(statement('ROLLBACK', undefined, readTimeoutMs)).catch((rollbackError: unknown) => {
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          });
        }
        throw error;
      } finally {
        if (broken) destroySocket(client);
        client.release(broken);
      }
    },
    listen: (channel, handlers) => listenOnOwnConnection(databaseUrl, schema, timeouts, channel, handlers),
    close: () => pool.end(),
  };
}

/** Drops a schema made for one test file; tests call it after closing their database. */
export async function dropPostgresSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await endWithin(client);
  }
}
