import { DEFAULT_DATABASE_TIMEOUTS, DEFAULT_DATA_DIR, type Database, type DatabaseOptions } from './database';

/**
 * Opens the shop's database: PostgreSQL when a postgres:// address is given, else the embedded
 * PGlite in its folder. Apart from database.ts, which both kinds build on: it imports neither.
 */
export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    if (!/^postgres(ql)?:\/\//i.test(options.databaseUrl)) {
      throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    }
    const { createPostgresDatabase } = await import('./postgres');
    return createPostgresDatabase(options.databaseUrl, options.schema, { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts });
  }
  // Loaded on demand so a PostgreSQL deployment never pays for the WebAssembly start-up.
  const { createPgliteDatabase } = await import('./pglite');
  return createPgliteDatabase(options.dataDir ?? DEFAULT_DATA_DIR, options.loadDataDir);
}
