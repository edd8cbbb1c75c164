import { POSTGRES_TEMPLATE_VARIABLE } from './postgresTemplate';
import { dropDatabase } from './scratchDatabase';
import { removeSeededTemplate } from './seededTemplate';

export default async function removeTemplatesOfApiTests(): Promise<void> {
  await removeSeededTemplate();
  const databaseUrl = process.env.DATABASE_URL;
  const postgres = process.env[POSTGRES_TEMPLATE_VARIABLE];
  if (databaseUrl && postgres) await dropDatabase(databaseUrl, postgres);
}
