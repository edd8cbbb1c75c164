import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import type { ApiOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store's database: opened, migrated and seeded before the api is built, closed after by its maker. */
    database: Database;
  }
}

/** The database the api was given, for every module to reach as `app.database`. */
export default fp<ApiOptions>(
  async (app, { database }) => {
    app.decorate('database', database);
  },
  { name: 'database' },
);
