import { createDatabase } from '../db/openDatabase';
import { migrate } from '../db/migrate';
import { seedDatabase } from '../seed/seed';
import { dropDatabase, onServer, urlOfDatabase } from './scratchDatabase';

/**
 * A migrated, seeded database on the PostgreSQL server at DATABASE_URL, made once per jest run:
 * each api suite's app on PostgreSQL starts from a copy of it (CREATE DATABASE … TEMPLATE, a
 * third of a second) instead of migrating and seeding a schema of its own (a second or two). The
 * api project's globalSetup makes it and names it in this variable for the workers, started
 * after; without it (a suite run some other way), suites migrate and seed as before.
 */
export const POSTGRES_TEMPLATE_VARIABLE = 'STOREFRONT_TEST_POSTGRES_TEMPLATE';

/** Makes the template and returns its name; nothing stays connected to it, as a copy needs. */
export async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `storefront_template_${process.pid}`;
  // One left by an earlier run that ended before its teardown, in a process with this number.
  await dropDatabase(serverUrl, name);
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  try {
    const database = await createDatabase({ databaseUrl: urlOfDatabase(serverUrl, name) });
    try {
      await migrate(database);
      await seedDatabase(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return name;
}
