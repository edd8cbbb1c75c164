import { makePostgresTemplate, POSTGRES_TEMPLATE_VARIABLE } from './postgresTemplate';
import { makeSeededTemplate, TEMPLATE_VARIABLE } from './seededTemplate';

/**
 * jest globalSetup of the api project: the seeded PGlite every suite's app starts from, and with
 * DATABASE_URL the seeded PostgreSQL database every suite's app there is copied from.
 */
export default async function makeTemplatesForApiTests(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const [pglite, postgres] = await Promise.all([makeSeededTemplate(), databaseUrl ? makePostgresTemplate(databaseUrl) : undefined]);
  process.env[TEMPLATE_VARIABLE] = pglite;
  if (postgres) process.env[POSTGRES_TEMPLATE_VARIABLE] = postgres;
}
