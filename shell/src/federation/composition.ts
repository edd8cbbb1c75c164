import type { StorefrontConfig } from '@storefront/shared';

/** The remotes the shell composes; each is a separately deployed package. */
export const REMOTES = ['mfe-catalog', 'mfe-product', 'mfe-cart', 'mfe-account'] as const;
export type RemoteName = (typeof REMOTES)[number];

/**
 * One remote as composed: the version chosen, the manifest that carries it (what release managers
 * compose by, and what the shell's server reads), and its remote entry, the one file the browser
 * registers and loads (the server reads it from the manifest).
 */
export interface RemoteEntry {
  version: string;
  manifest: string;
  entry: string;
}

/** A preview the shell's server would not serve, because the release fails the rules: the live version is served instead. */
export interface RefusedPreview {
  remote: RemoteName;
  version: string;
  /** What the rules found, in short. */
  reason: string;
}

/**
 * What the shell's server publishes as /composition.json: which manifest (so which version) of each
 * remote goes live, each one's fallback (its version in the last known-good composition), a preview
 * a tester asked for (and the previews refused, with why), optionally where the api and pictures
 * are, and this page view's token for its health report.
 */
export interface Composition {
  remotes: Partial<Record<RemoteName, RemoteEntry>>;
  lastKnownGood: Partial<Record<RemoteName, RemoteEntry>>;
  preview: { remote: RemoteName; version: string }[];
  previewRefused: RefusedPreview[];
  config?: Partial<StorefrontConfig>;
  /**
   * The signed, single-use token that lets this page view's health report be counted
   * (telemetry/pageViewReport.ts); absent when the server keeps no telemetry.
   */
  pageView?: string;
}

/** A composition with nothing in it: what the shell starts from when there is none to read. */
export function emptyComposition(): Composition {
  return { remotes: {}, lastKnownGood: {}, preview: [], previewRefused: [] };
}

/** Module Federation names are identifiers: mfe-catalog → mfe_catalog. */
export function federationName(remote: RemoteName): string {
  return remote.replace(/-/g, '_');
}

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTES as readonly string[]).includes(name);
}

/** Where a manifest's remote entry is when nobody has said: remoteEntry.js beside it. */
export function entryBesideManifest(manifest: string): string {
  const page = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  return new URL('remoteEntry.js', new URL(manifest, page)).toString();
}

/** A manifest URL names its version folder: …/1.4.0/mf-manifest.json. */
export function versionFromManifestUrl(manifest: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(manifest, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  return /\/([^/]+)\/mf-manifest\.json$/.exec(pathname)?.[1];
}

function readEntry(name: string, value: unknown, problems: string[]): RemoteEntry | undefined {
  const manifest = typeof value === 'string' ? value : (value as { manifest?: unknown } | null)?.manifest;
  if (typeof manifest !== 'string' || !/\.json(\?|$)/.test(manifest)) {
    problems.push(`remote "${name}" needs a manifest URL`);
    return undefined;
  }
  const { version: stated, entry } = typeof value === 'object' && value !== null ? (value as { version?: unknown; entry?: unknown }) : {};
  return {
    version: typeof stated === 'string' ? stated : (versionFromManifestUrl(manifest) ?? 'unknown'),
    manifest,
    entry: typeof entry === 'string' && entry !== '' ? entry : entryBesideManifest(manifest),
  };
}

function readRemotes(value: unknown, problems: string[], what: string): Partial<Record<RemoteName, RemoteEntry>> {
  const remotes: Partial<Record<RemoteName, RemoteEntry>> = {};
  if (typeof value !== 'object' || value === null) return remotes;
  for (const [name, entry] of Object.entries(value)) {
    if (!isRemoteName(name)) {
      problems.push(`unknown remote "${name}"${what}`);
      continue;
    }
    const read = readEntry(name, entry, problems);
    if (read) remotes[name] = read;
  }
  return remotes;
}

/**
 * Reads a composition document, keeping only what the shell understands and saying what it dropped.
 * A remote may be a manifest URL or `{ version, manifest, entry }` (the shell's server adds the
 * entry; without one it is remoteEntry.js beside the manifest).
 */
export function parseComposition(document: unknown): { composition: Composition; problems: string[] } {
  const problems: string[] = [];
  const composition = emptyComposition();
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return { composition, problems: ['composition is not a JSON object'] };
  }
  const { remotes, lastKnownGood, preview, previewRefused, config, pageView } = document as Record<string, unknown>;
  if (typeof remotes !== 'object' || remotes === null) problems.push('composition has no "remotes" object');
  composition.remotes = readRemotes(remotes, problems, '');
  composition.lastKnownGood = readRemotes(lastKnownGood, problems, ' in lastKnownGood');
  if (Array.isArray(preview)) {
    composition.preview = preview.filter(
      (item): item is { remote: RemoteName; version: string } =>
        typeof item === 'object' && item !== null && isRemoteName(String((item as { remote?: unknown }).remote)) && typeof (item as { version?: unknown }).version === 'string',
    );
  }
  if (Array.isArray(previewRefused)) {
    composition.previewRefused = previewRefused.filter(
      (item): item is RefusedPreview =>
        typeof item === 'object' &&
        item !== null &&
        isRemoteName(String((item as { remote?: unknown }).remote)) &&
        typeof (item as { version?: unknown }).version === 'string' &&
        typeof (item as { reason?: unknown }).reason === 'string',
    ).map(({ remote, version, reason }) => ({ remote, version, reason }));
  }
  if (typeof config === 'object' && config !== null) {
    const { apiBase, assetHost } = config as Record<string, unknown>;
    composition.config = {
      ...(typeof apiBase === 'string' ? { apiBase } : {}),
      ...(typeof assetHost === 'string' ? { assetHost } : {}),
    };
  }
  if (typeof pageView === 'string' && pageView !== '') composition.pageView = pageView;
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
    return emptyComposition();
  }
}
