import type { Database, Queryable } from '../../db/database';

/**
 * PostgreSQL's default random_page_cost (4) prices a page fetched out of order as if from a
 * spinning disk, so for a word found in one product in ten it reads every document rather than
 * use the trigram index: about three times slower at 10^5 products. The catalogue sits in memory
 * (PGlite's always does; a server caches one of this size), so the planner is told so, for
 * these reads only.
 */
const IN_MEMORY_RANDOM_PAGE_COST = 1.1;

/** Runs the listing's, facets' and suggestions' queries in one read with the planner set as above. */
export function readCatalogue<T>(database: Database, read: (db: Queryable) => Promise<T>): Promise<T> {
  return database.transaction(async (tx) => {
    await tx.query(`SET LOCAL random_page_cost = ${IN_MEMORY_RANDOM_PAGE_COST}`);
    return read(tx);
  });
}
