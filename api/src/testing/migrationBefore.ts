import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import type { TestDatabaseTarget } from './testDatabases';

/**
 * For a test of one migration: a fresh database migrated up to just before `name`, to write the
 * rows the migration must mend; `migrateRest` then runs it and the rest.
 */
export async function databaseBefore(
  target: TestDatabaseTarget,
  name: string,
): Promise<{ database: Database; dispose(): Promise<void>; migrateRest(): Promise<void> }> {
  const { database, dispose } = await target.open();
  try {
    const migrations = await readMigrations();
    const index = migrations.findIndex((migration) => migration.name === name);
    expect(index).toBeGreaterThan(0);
    await migrate(database, migrations.slice(0, index));
    return { database, dispose, migrateRest: async () => void (await migrate(database, migrations)) };
  } catch (error) {
    await dispose();
    throw error;
  }
}
