import { makePostgresTemplate, POSTGRES_TEMPLATE_VARIABLE } from './postgresTemplate';
import { makeSeededTemplate, TEMPLATE_VARIABLE } from './seededTemplate';

/**
 * The seeded PostgreSQL template, or none where the server's user may not create databases: each
 * app then migrates and seeds a schema of its own, as it did before there was a template.
 */
async function postgresTemplateIfAllowed(databaseUrl: string): Promise<string | undefined> {
  try {
    return await makePostgresTemplate(databaseUrl);
  } catch (error) {
    console.warn(
      `[api tests] no seeded PostgreSQL database to copy (${error instanceof Error ? error.message : String(error)}): ` +
        'each test app migrates and seeds a schema of its own instead, which is slower',
    );
    return undefined;
  }
}

/**
 * jest globalSetup of the api project: the seeded PGlite every suite's app starts from, and with
 * DATABASE_URL the seeded PostgreSQL database every suite's app there is copied from.
 */
export default async function makeTemplatesForApiTests(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const [pglite, postgres] = await Promise.all([makeSeededTemplate(), databaseUrl ? postgresTemplateIfAllowed(databaseUrl) : undefined]);
  process.env[TEMPLATE_VARIABLE] = pglite;
  if (postgres) process.env[POSTGRES_TEMPLATE_VARIABLE] = postgres;
}
