/**
 * The composition store the commands use for an environment: in PostgreSQL when DATABASE_URL names
 * a server (every edge of the shop follows it there), else the files on this machine
 * (COMPOSITION_FILE and, for other environments, beside it).
 */
import { compositionFile, DEFAULT_ENVIRONMENT, openCompositionStore, type CompositionStore } from '@storefront/release-state';

export function environmentStore(environment: string = DEFAULT_ENVIRONMENT, env: NodeJS.ProcessEnv = process.env): CompositionStore {
  const databaseUrl = env.DATABASE_URL?.trim();
  return openCompositionStore({ environment, productionFile: compositionFile(), ...(databaseUrl ? { databaseUrl } : {}) });
}
