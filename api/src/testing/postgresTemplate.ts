import { createDatabase } from '../db/openDatabase';
import { migrate } from '../db/migrate';
import { seedDatabase } from '../seed/seed';
import { onServer, urlOfDatabase } from './scratchDatabase';

/**
 * A migrated, seeded database on the PostgreSQL server at DATABASE_URL, made once per jest run:
 * each api suite's app on PostgreSQL starts from a copy of it (CREATE DATABASE … TEMPLATE, a
 * third of a second) instead of migrating and seeding a schema of its own (a second or two). The
 * api project's globalSetup makes it and names it in this variable for the workers, started
 * after; without it (a suite run some other way), suites migrate and seed as before.
 */
export const POSTGRES_TEMPLATE_VARIABLE = 'STOREFRONT_TEST_POSTGRES_TEMPLATE';

const run = (serverUrl: string, sql: string) => onServer(serverUrl, (client) => client.query(sql));

/** Makes the template and returns its name; nothing stays connected to it, as a copy needs. */
export async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `storefront_template_${process.pid}`;
  await run(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await run(serverUrl, `CREATE DATABASE "${name}"`);
  try {
    const database = await createDatabase({ databaseUrl: urlOfDatabase(serverUrl, name) });
    try {
      await migrate(database);
      await seedDatabase(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    await removePostgresTemplate(serverUrl, name);
    throw error;
  }
  return name;
}

export async function removePostgresTemplate(serverUrl: string, name: string): Promise<void> {
  await run(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
