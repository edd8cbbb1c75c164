/** The remotes the shell composes, each deployed on its own, and the names release managers type for them. */
import path from 'node:path';

/** The repository's root: this file is two folders below it, whether run from src or dist. */
export const ROOT = path.resolve(__dirname, '../..');

export const REMOTES = ['mfe-catalog', 'mfe-product', 'mfe-cart', 'mfe-account'] as const;
export type Remote = (typeof REMOTES)[number];

export function isRemote(name: string): name is Remote {
  return (REMOTES as readonly string[]).includes(name);
}

/** Accepts the short names release managers type: `catalog` for `mfe-catalog`. */
export function remoteFromName(name: string): Remote | undefined {
  const full = name.startsWith('mfe-') ? name : `mfe-${name}`;
  return isRemote(full) ? full : undefined;
}

export function shortName(remote: string): string {
  return remote.replace(/^mfe-/, '');
}
