/** The front-end packages as they are deployed: each remote on its own origin, from a folder per version. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export const REMOTES = ['mfe-catalog', 'mfe-product', 'mfe-cart', 'mfe-account'] as const;
export type Remote = (typeof REMOTES)[number];

/** How long a package's version, once read, is taken as it is. */
const VERSION_READ_EVERY_MS = 1_000;
const versionsRead = new Map<string, { at: number; version: string }>();

/**
 * A package's version from its package.json, read again at most once a second: the edge names the
 * working builds by it on every page while no composition file is published, and reading four
 * package.json files per page was a twentieth of its thread under load.
 */
export function packageVersion(dir: string): string {
  const now = Date.now();
  const known = versionsRead.get(dir);
  if (known && now - known.at < VERSION_READ_EVERY_MS) return known.version;
  const { version } = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string };
  versionsRead.set(dir, { at: now, version });
  return version;
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

/** Ports from the environment (README lists them), or the defaults. */
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
