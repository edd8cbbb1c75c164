import type { Database } from '../db/database';
import { migrate, readMigrations, type Migration } from '../db/migrate';
import type { TestDatabaseTarget } from './testDatabases';

/**
 * For a test of one migration: a fresh database migrated up to just before `name`, to write the
 * rows the migration must mend; `migrateRest` then runs it and the rest, or only up to `through`
 * when a later migration decides the same rows again.
 */
export async function databaseBefore(
  target: TestDatabaseTarget,
  name: string,
): Promise<{ database: Database; dispose(): Promise<void>; migrateRest(through?: string): Promise<void> }> {
  const { database, dispose } = await target.open();
  try {
    const migrations = await readMigrations();
    const index = migrations.findIndex((migration) => migration.name === name);
    expect(index).toBeGreaterThan(0);
    await migrate(database, migrations.slice(0, index));
    const upTo = (through: string | undefined): Migration[] => {
      if (through === undefined) return migrations;
      const last = migrations.findIndex((migration) => migration.name === through);
      expect(last).toBeGreaterThanOrEqual(index);
      return migrations.slice(0, last + 1);
    };
    return { database, dispose, migrateRest: async (through) => void (await migrate(database, upTo(through))) };
  } catch (error) {
    await dispose();
    throw error;
  }
}
