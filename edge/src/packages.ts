/** The front-end packages as they are deployed: each remote on its own origin, from a folder per version. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, ROOT, type Remote } from '@storefront/release-state';

export { REMOTES, ROOT, type Remote };

/** A package's version as its package.json says now. */
export function packageVersion(dir: string): string {
  const { version } = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string };
  return version;
}

/**
 * Each remote's working build's version, as the package.json files say now. The store reads them
 * once when it starts and names the working builds by them from then on (CompositionSource): a
 * version raised in a package.json changes nothing that is served until a release is composed.
 */
export function workingVersions(): Record<Remote, string> {
  return Object.fromEntries(REMOTES.map((remote) => [remote, packageVersion(remote)])) as Record<Remote, string>;
}

export interface Ports {
  api: number;
  shell: number;
  remotes: Record<Remote, number>;
}

function port(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return parsed;
}

/** Ports from the environment (README and docs/settings.md list them), or the defaults. */
export function portsFromEnv(): Ports {
  return {
    api: port('API_PORT', 4000),
    shell: port('SHELL_PORT', 8080),
    remotes: {
      'mfe-catalog': port('CATALOG_PORT', 8081),
      'mfe-product': port('PRODUCT_PORT', 8082),
      'mfe-cart': port('CART_PORT', 8083),
      'mfe-account': port('ACCOUNT_PORT', 8084),
    },
  };
}
