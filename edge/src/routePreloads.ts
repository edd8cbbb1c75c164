/**
 * The shell's server has index.html preload, for the page asked for, the remote files that page
 * will load: the remoteEntry.js of each remote it renders and the synchronous chunks of the
 * exposed modules (shell/src/federation/routeModules.ts says which), as the remote's manifest
 * lists them. They then download from the first round trip, beside the shell's own scripts,
 * instead of after the shell has run, fetched /composition.json and then each entry. The browser
 * reads no manifest: /composition.json gives it each remote's entry (withRemoteEntries).
 *
 * A manifest that cannot be read in time costs only its preloads: the page loads the same files
 * itself, as it always does.
 */
import { pageModuleForPath } from 'shell/routes';

interface Manifest {
  metaData: { remoteEntry: { name: string; path: string }; publicPath?: string };
  exposes: { name: string; assets: { js: { sync: string[] } } }[];
}

export type ManifestReader = (url: string) => Promise<Manifest | null>;

/** How long a page waits to read a remote's manifest before it goes without that remote's preloads. */
export const DEFAULT_MANIFEST_TIMEOUT_MS = 500;

/**
 * A manifest read gets at least the time a page's server render gets: where the render's budget
 * is raised above the default (a machine too busy to draw pages in time), reading a manifest from
 * the remotes' servers is slow too.
 */
export function manifestTimeoutFor(renderBudgetMs: number | undefined): number {
  return Math.max(DEFAULT_MANIFEST_TIMEOUT_MS, renderBudgetMs ?? 0);
}

/** Reads manifests over HTTP, each kept for `ttlMs` (a working build rewrites its manifest in place). */
export function manifestReader({ ttlMs = 10_000, timeoutMs = DEFAULT_MANIFEST_TIMEOUT_MS }: { ttlMs?: number; timeoutMs?: number } = {}): ManifestReader {
  const cache = new Map<string, { at: number; manifest: Promise<Manifest | null> }>();
  return (url) => {
    const hit = cache.get(url);
    if (hit && Date.now() - hit.at < ttlMs) return hit.manifest;
    const manifest = fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      .then(async (response) => (response.ok ? ((await response.json()) as Manifest) : null))
      .then((body) => (body && Array.isArray(body.exposes) && body.metaData?.remoteEntry ? body : null))
      .catch(() => null);
    cache.set(url, { at: Date.now(), manifest });
    return manifest;
  };
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function preloadTag(href: string): string {
  return `<link rel="preload" as="script" href="${attribute(href)}">`;
}

/** Where a manifest's files are: its publicPath, or beside it when that is 'auto'. */
function assetBase(manifestUrl: string, manifest: Manifest): string {
  const { publicPath } = manifest.metaData;
  return publicPath && publicPath !== 'auto' ? publicPath : new URL('.', manifestUrl).toString();
}

/** The remote entry a manifest names. */
export function remoteEntryUrl(manifestUrl: string, manifest: Manifest): string {
  const { remoteEntry } = manifest.metaData;
  const entryPath = remoteEntry.path ? `${remoteEntry.path.replace(/\/+$/, '')}/${remoteEntry.name}` : remoteEntry.name;
  return new URL(entryPath, assetBase(manifestUrl, manifest)).toString();
}

/**
 * Each remote of a composition with the remote entry its manifest names, which is what the
 * browser registers (shell/src/federation/registration.ts): the browser fetches no manifest. A
 * manifest that cannot be read in time leaves the entry to the shell's default, remoteEntry.js
 * beside it; if that is wrong too, the remote fails to load and its regions show their fallback.
 */
export async function withRemoteEntries<Remotes extends Partial<Record<string, { manifest: string }>>>(
  remotes: Remotes,
  readManifest: ManifestReader,
): Promise<{ [Name in keyof Remotes]: Remotes[Name] & { entry?: string } }> {
  const entries = await Promise.all(
    Object.entries(remotes).map(async ([name, remote]) => {
      if (!remote) return [name, remote] as const;
      const manifest = await readManifest(remote.manifest);
      return [name, manifest ? { ...remote, entry: remoteEntryUrl(remote.manifest, manifest) } : remote] as const;
    }),
  );
  return Object.fromEntries(entries) as { [Name in keyof Remotes]: Remotes[Name] & { entry?: string } };
}

/** The preload tags for a page's remote files, in the order the page needs them. */
export async function routePreloadTags(
  pathname: string,
  remotes: Partial<Record<string, { manifest: string }>>,
  readManifest: ManifestReader,
): Promise<string[]> {
  const page = pageModuleForPath(pathname);
  const manifestUrl = page && remotes[page.remote]?.manifest;
  if (!page || !manifestUrl) return [];
  const manifest = await readManifest(manifestUrl);
  if (!manifest) return [];
  const base = assetBase(manifestUrl, manifest);
  const chunks = manifest.exposes.find((expose) => expose.name === page.module)?.assets.js.sync ?? [];
  return [remoteEntryUrl(manifestUrl, manifest), ...chunks.map((asset) => new URL(asset, base).toString())].map(preloadTag);
}

/** index.html with the tags at the end of its head. */
export function withPreloads(html: string, tags: readonly string[]): string {
  if (tags.length === 0) return html;
  const at = html.indexOf('</head>');
  if (at < 0) return html;
  return `${html.slice(0, at)}${tags.join('')}${html.slice(at)}`;
}
