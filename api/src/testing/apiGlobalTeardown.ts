import { POSTGRES_TEMPLATE_VARIABLE, removePostgresTemplate } from './postgresTemplate';
import { removeSeededTemplate } from './seededTemplate';

export default async function removeTemplatesOfApiTests(): Promise<void> {
  await removeSeededTemplate();
  const databaseUrl = process.env.DATABASE_URL;
  const postgres = process.env[POSTGRES_TEMPLATE_VARIABLE];
  if (databaseUrl && postgres) await removePostgresTemplate(databaseUrl, postgres);
}
