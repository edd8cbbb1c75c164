import type { StorefrontConfig } from '@storefront/shared';

/** The remotes the shell composes; each is a separately deployed package. */
export const REMOTES = ['mfe-catalog', 'mfe-product', 'mfe-cart', 'mfe-account'] as const;
export type RemoteName = (typeof REMOTES)[number];

/**
 * What release managers publish as /composition.json: which manifest (so which version) of each
 * remote goes live, and optionally where the api and pictures are.
 */
export interface Composition {
  remotes: Partial<Record<RemoteName, string>>;
  config?: Partial<StorefrontConfig>;
}

/** Module Federation names are identifiers: mfe-catalog → mfe_catalog. */
export function federationName(remote: RemoteName): string {
  return remote.replace(/-/g, '_');
}

function isRemoteName(name: string): name is RemoteName {
  return (REMOTES as readonly string[]).includes(name);
}

/** Reads a composition document, keeping only what the shell understands and saying what it dropped. */
export function parseComposition(document: unknown): { composition: Composition; problems: string[] } {
  const problems: string[] = [];
  const composition: Composition = { remotes: {} };
  if (typeof document !== 'object' || document === null) {
    return { composition, problems: ['composition is not a JSON object'] };
  }
  const { remotes, config } = document as { remotes?: unknown; config?: unknown };
  if (typeof remotes === 'object' && remotes !== null) {
    for (const [name, manifest] of Object.entries(remotes)) {
      if (!isRemoteName(name)) problems.push(`unknown remote "${name}"`);
      else if (typeof manifest !== 'string' || !/\.json(\?|$)/.test(manifest)) problems.push(`remote "${name}" needs a manifest URL`);
      else composition.remotes[name] = manifest;
    }
  } else {
    problems.push('composition has no "remotes" object');
  }
  if (typeof config === 'object' && config !== null) {
    const { apiBase, assetHost } = config as Record<string, unknown>;
    composition.config = {
      ...(typeof apiBase === 'string' ? { apiBase } : {}),
      ...(typeof assetHost === 'string' ? { assetHost } : {}),
    };
  }
  return { composition, problems };
}

export async function fetchComposition(url = '/composition.json'): Promise<Composition> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const { composition, problems } = parseComposition(await response.json());
    for (const problem of problems) console.error(`[shell] ${problem}`);
    return composition;
  } catch (error) {
    // Without a composition the header, footer and shell pages still work; remote regions show their fallback.
    console.error('[shell] could not read the composition', error);
    return { remotes: {} };
  }
}
