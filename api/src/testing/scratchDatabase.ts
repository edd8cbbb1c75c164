/**
 * A database of its own on the PostgreSQL server at DATABASE_URL, for tests that run the api as
 * separate processes (which take a DATABASE_URL, not a schema), dropped afterwards; or a copy of
 * a template database (one already migrated and seeded), which PostgreSQL makes in a fraction of
 * the time migrating and seeding takes.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** DATABASE_URL for the new database. */
  url: string;
  /** Runs one statement on it from outside the api (as an operator's psql would). */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Closes the test's own connection and drops the database, whoever is still connected. */
  drop(): Promise<void>;
}

/** The server at DATABASE_URL, or a clear failure: these suites run only where one is given. */
export function serverDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('This suite needs a PostgreSQL server: set DATABASE_URL (postgres://user@host:5432/db), as .ci/run does.');
  return url;
}

/** Runs `work` on a connection of its own to the server's database at `serverUrl`, closed after. */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops a database made for tests, whoever is still connected to it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** DATABASE_URL with another database's name. */
export function urlOfDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new, empty database, or (`template`) a copy of that database, which nobody may be connected to. */
export async function createScratchDatabase(serverUrl: string = serverDatabaseUrl(), template?: string): Promise<ScratchDatabase> {
  const name = `storefront_scratch_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"${template === undefined ? '' : ` TEMPLATE "${template}"`}`));
  const url = urlOfDatabase(serverUrl, name);
  // The test's own connection, opened at its first query.
  let own: Promise<pg.Client> | undefined;
  const connected = () =>
    (own ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    })());
  return {
    url,
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await (await connected()).query(sql, [...params])).rows as T[];
    },
    async drop() {
      if (own) await own.then((client) => client.end()).catch(() => undefined);
      await dropDatabase(serverUrl, name);
    },
  };
}
