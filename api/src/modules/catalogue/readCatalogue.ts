import type { Database, Queryable } from '../../db/database';

/**
 * Runs one request's catalogue reads (listing, facets, suggestions). PGlite runs one query at a
 * time for the whole process: left loose, the queries of fifty requests interleave and every one
 * of them finishes last (npm run bench: listing on PGlite fell from ~150 to under 70 req/s, with
 * no answer at all in its first second). In a transaction a request's queries run back to back.
 * A server runs them on pooled connections, side by side, without the three round trips of a
 * transaction.
 */
export function readCatalogue<T>(database: Database, read: (db: Queryable) => Promise<T>): Promise<T> {
  return database.kind === 'pglite' ? database.transaction(read) : read(database);
}
