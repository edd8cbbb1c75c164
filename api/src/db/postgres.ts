import pg from 'pg';
import { afterCommitCallbacks, CHANNEL_NAME, IN_MEMORY_RANDOM_PAGE_COST, type Database, type NotificationHandlers, type Queryable, type Subscription } from './database';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** How long to wait before LISTENing again after the connection was lost or could not be made. */
export const RELISTEN_DELAY_MS = 500;
export const LISTENER_APPLICATION_NAME = 'storefront-api listener';

/**
 * LISTEN on a client of its own, outside the pool. When that connection is lost the handlers
 * hear listening(false) at once, and it is made again every RELISTEN_DELAY_MS until it works.
 */
async function listenOnOwnConnection(
  databaseUrl: string,
  schema: string | undefined,
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
    // keepAlive: a connection that silently died (a dropped network) is noticed and reported.
    const client = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      // Names the connection in pg_stat_activity (and lets a test cut exactly this one).
      application_name: `${LISTENER_APPLICATION_NAME} ${schema ?? 'public'}`,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) {
        current = null;
        handlers.listening(false);
      }
      client.end().catch(() => undefined);
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
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      if (client) await client.end().catch(() => undefined);
    },
  };
}

function wrap(connection: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await connection.query(sql, [...params]);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which runs several statements.
      await connection.query(sql);
    },
  };
}

export async function createPostgresDatabase(databaseUrl: string, schema?: string): Promise<Database> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name "${schema}"`);
  }
  if (schema) {
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    // Every pooled connection starts with the schema first, so unqualified names resolve there.
    options: [`-c random_page_cost=${IN_MEMORY_RANDOM_PAGE_COST}`, ...(schema ? [`-c search_path=${schema},public`] : [])].join(' '),
  });
  // An idle connection dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      const committed = afterCommitCallbacks();
      try {
        await client.query('BEGIN');
        const result = await fn({ ...wrap(client), afterCommit: committed.add });
        // A statement that failed (its error caught inside `fn`) has spoilt the transaction, and the
        // server answers COMMIT with ROLLBACK rather than an error. It is one, as PGlite says.
        const commit = await client.query('COMMIT');
        if (commit.command === 'ROLLBACK') throw new Error('The transaction was rolled back at COMMIT: a statement in it had failed');
        committed.run();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, handlers) => listenOnOwnConnection(databaseUrl, schema, channel, handlers),
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
    await client.end();
  }
}
