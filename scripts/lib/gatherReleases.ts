/**
 * What the compose and release commands read of the releases a composition names, over HTTP as a
 * shopper's browser would: each remote's manifest, its entry and its contract.
 */
import path from 'node:path';
import type { Contract, Manifest, RemoteCandidate } from '@storefront/edge/composition-rules';
import type { CompositionDocument } from '@storefront/release-state';
import { ROOT } from '@storefront/edge/packages';

const FETCH_TIMEOUT_MS = 5000;

/** The shell's manifest the checks read its singletons from: SHELL_MANIFEST, else the shell's build. */
export function shellManifestPath(): string {
  return process.env.SHELL_MANIFEST ?? path.join(ROOT, 'shell', 'dist', 'mf-manifest.json');
}

export async function fetchStatus(url: string): Promise<{ status: number | string; body: string | null }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { 'cache-control': 'no-cache' } });
    return { status: response.status, body: response.ok ? await response.text() : null };
  } catch (error) {
    return { status: error instanceof Error ? (error.name === 'TimeoutError' ? 'timeout' : error.message) : 'unreachable', body: null };
  }
}

/** Where the entry file is: the manifest's public path when absolute, else beside the manifest. */
export function remoteEntryUrl(manifestUrl: string, manifest: Manifest): string {
  const { publicPath, remoteEntry } = manifest.metaData;
  const base = publicPath && publicPath !== 'auto' ? publicPath : new URL('.', manifestUrl).toString();
  return new URL(path.posix.join(remoteEntry.path || '', remoteEntry.name), base).toString();
}

export function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The contract beside a manifest, or why it could not be read. */
export async function fetchContract(manifestUrl: string): Promise<{ contract: Contract | null; status: number | string }> {
  const url = new URL('contract.json', manifestUrl).toString();
  const { status, body } = await fetchStatus(url);
  const contract = parseJson<Contract>(body);
  return { contract, status: body !== null && contract === null ? 'not JSON' : status };
}

/**
 * The type declarations a release publishes of its exposed modules (the release command's
 * `types/index.d.ts`, or where its contract says), or null when it publishes none.
 */
export async function fetchDeclarations(manifestUrl: string, contract: Contract | null): Promise<string | null> {
  if (!contract?.types) return null;
  const { body } = await fetchStatus(new URL(contract.types, manifestUrl).toString());
  return body;
}

/** Every remote of a composition as the checks see it: what its manifest, entry and contract answered. */
export async function gather(document: CompositionDocument): Promise<RemoteCandidate[]> {
  return Promise.all(
    Object.entries(document.remotes).map(async ([remote, entry]) => {
      const { status, body } = await fetchStatus(entry.manifest);
      const manifest = parseJson<Manifest>(body);
      const entryUrl = manifest ? remoteEntryUrl(entry.manifest, manifest) : null;
      const [entryStatus, contract] = await Promise.all([
        entryUrl ? fetchStatus(entryUrl).then((answer) => answer.status) : null,
        manifest ? fetchContract(entry.manifest).then((answer) => answer.contract) : null,
      ]);
      const declarations = await fetchDeclarations(entry.manifest, contract);
      return {
        remote,
        version: entry.version,
        manifestUrl: entry.manifest,
        manifestStatus: body !== null && manifest === null ? 'not JSON' : status,
        manifest,
        remoteEntryUrl: entryUrl,
        remoteEntryStatus: entryStatus,
        contract,
        declarations,
      };
    }),
  );
}
