/**
 * Environments: `production`, `staging`, a tester's `qa-2`… Each has a composition of its own, with
 * its own revisions, known good and history; an edge serves one (COMPOSITION_ENV), and the
 * compose command changes the one `--env` names. A name is a lower-case letter and then up to 31
 * lower-case letters, digits or hyphens: it becomes a folder's name and a database key, so
 * nothing else is accepted.
 */
import path from 'node:path';
import { compositionFile, FileCompositionStore } from './fileStore';
import { PgCompositionStore } from './pgStore';
import type { CompositionStore } from './store';

export const DEFAULT_ENVIRONMENT = 'production';
export const ENVIRONMENT_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

export class EnvironmentNameError extends Error {
  constructor(value: string, source: string) {
    super(`${source} must name an environment: a lower-case letter, then up to 31 lower-case letters, digits or hyphens (production, staging, qa-2), got ${JSON.stringify(value)}`);
    this.name = 'EnvironmentNameError';
  }
}

/** An environment's name as given (`--env`, COMPOSITION_ENV), or production when none is; a name that is not one is refused. */
export function readEnvironment(value: string | undefined, source: string): string {
  if (value === undefined || value === '') return DEFAULT_ENVIRONMENT;
  if (!ENVIRONMENT_PATTERN.test(value)) throw new EnvironmentNameError(value, source);
  return value;
}

/**
 * An environment's live composition file: production's is COMPOSITION_FILE (where it always
 * was), any other's `environments/<name>/composition.json` beside it.
 */
export function environmentFile(environment: string, productionFile: string = compositionFile()): string {
  if (!ENVIRONMENT_PATTERN.test(environment)) throw new EnvironmentNameError(environment, 'the environment');
  if (environment === DEFAULT_ENVIRONMENT) return productionFile;
  return path.join(path.dirname(productionFile), 'environments', environment, 'composition.json');
}

/** Where an environment's composition is kept. */
export interface CompositionPlace {
  environment: string;
  /** Production's live composition file (COMPOSITION_FILE); another environment's is beside it. */
  productionFile?: string;
  /** A PostgreSQL server (DATABASE_URL): set, the composition is kept there, shared by every edge; else in files on this machine. */
  databaseUrl?: string;
}

/**
 * The store of an environment's composition: in PostgreSQL when a server is named (its files on
 * this machine, if any, are brought in by the first command: `upgrade`), else in files.
 */
export function openCompositionStore(place: CompositionPlace): CompositionStore {
  const file = new FileCompositionStore(environmentFile(place.environment, place.productionFile));
  if (!place.databaseUrl) return file;
  return new PgCompositionStore({ connectionString: place.databaseUrl, environment: place.environment, importFrom: file });
}
