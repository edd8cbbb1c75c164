import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';

/** api/migrations, from src/db under jest and from dist/db at run time alike. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../../migrations');

const MIGRATION_FILE = /^(\d+)_[\w-]+\.sql$/;

export interface Migration {
  name: string;
  sql: string;
}

export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((file) => MIGRATION_FILE.test(file));
  files.sort((a, b) => Number(MIGRATION_FILE.exec(a)?.[1]) - Number(MIGRATION_FILE.exec(b)?.[1]) || a.localeCompare(b));
  return Promise.all(
    files.map(async (name) => ({ name, sql: await fs.readFile(path.join(dir, name), 'utf8') })),
  );
}

/**
 * Applies the migrations not yet recorded, each in its own transaction. On PostgreSQL a
 * transaction-scoped advisory lock (keyed by schema) makes a second process wait and then
 * see the migration as done, instead of both applying it.
 */
export async function migrate(database: Database, migrations?: readonly Migration[]): Promise<string[]> {
  const pending = migrations ?? (await readMigrations());
  const applied: string[] = [];
  for (const migration of pending) {
    const ran = await database.transaction(async (tx) => {
      if (database.kind === 'postgres') {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('storefront:migrations:' || current_schema()))`);
      }
      await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [migration.name]);
      if (done.rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      return true;
      // A migration may build an index over a large catalogue, or wait for another process's.
    }, { unbounded: true });
    if (ran) applied.push(migration.name);
  }
  return applied;
}
