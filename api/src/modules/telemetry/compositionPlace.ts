/**
 * The composition the api's canary worker judges and release managers' health figures read: the
 * environment's (COMPOSITION_ENV), in PostgreSQL when the store's server keeps it (DATABASE_URL),
 * else in the composition files.
 */
import { DEFAULT_ENVIRONMENT, openCompositionStore, type CompositionStore } from '@storefront/release-state';
import type { TelemetryOptions } from '../../options';

export type CompositionPlaceOptions = Pick<TelemetryOptions, 'compositionFile' | 'compositionEnvironment' | 'compositionDatabaseUrl'>;

export function compositionStoreOf(options: CompositionPlaceOptions): CompositionStore {
  return openCompositionStore({
    environment: options.compositionEnvironment ?? DEFAULT_ENVIRONMENT,
    productionFile: options.compositionFile,
    ...(options.compositionDatabaseUrl ? { databaseUrl: options.compositionDatabaseUrl } : {}),
  });
}
