/**
 * Published releases: `releases/<remote>/<version>/`, each immutable once written. Every remote's
 * server serves its releases under /releases/<version>/ beside the working build under /<version>/.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Contract, Manifest } from './compositionRules';
import { ROOT, type Ports, type Remote } from './packages';

export function releasesDir(): string {
  return path.resolve(process.env.RELEASES_DIR ?? path.join(ROOT, 'releases'));
}

export function releaseDir(remote: Remote, version: string): string {
  return path.join(releasesDir(), remote, version);
}

/** semver-ish: 1.4.0, 2.0.1-rc.1 */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

function compareVersions(a: string, b: string): number {
  const [coreA = '', preA] = a.split('-', 2);
  const [coreB = '', preB] = b.split('-', 2);
  const partsA = coreA.split('.').map(Number);
  const partsB = coreB.split('.').map(Number);
  for (let index = 0; index < 3; index += 1) {
    const difference = (partsA[index] ?? 0) - (partsB[index] ?? 0);
    if (difference !== 0) return difference;
  }
  if (preA === preB) return 0;
  if (preA === undefined) return 1;
  if (preB === undefined) return -1;
  return preA.localeCompare(preB, 'en', { numeric: true });
}

/** Released versions of a remote, oldest first. */
export async function listReleases(remote: Remote): Promise<string[]> {
  const entries = await fs.readdir(path.join(releasesDir(), remote), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && VERSION_PATTERN.test(entry.name))
    .map((entry) => entry.name)
    .sort(compareVersions);
}

export async function isReleased(remote: Remote, version: string): Promise<boolean> {
  if (!VERSION_PATTERN.test(version)) return false;
  return fs
    .stat(path.join(releaseDir(remote, version), 'mf-manifest.json'))
    .then((stat) => stat.isFile())
    .catch(() => false);
}

/** Where releases are served from unless a composition names another place: each remote's own server. */
export function defaultReleaseBase(): string {
  return `http://${process.env.PUBLIC_HOST ?? 'localhost'}:{port}/releases`;
}

/**
 * Where a remote's releases are served from: a composition's release base (RELEASE_BASE_URL when
 * it was composed, such as https://cdn.example.co.za/{remote}) with {remote} and {port} filled in.
 */
export function releaseBaseUrl(remote: Remote, ports: Ports, template: string = defaultReleaseBase()): string {
  return template.replaceAll('{remote}', remote).replaceAll('{port}', String(ports.remotes[remote])).replace(/\/+$/, '');
}

export function releaseManifestUrl(remote: Remote, version: string, ports: Ports, template?: string): string {
  return `${releaseBaseUrl(remote, ports, template)}/${version}/mf-manifest.json`;
}

/** What the rules read of a release in the store: its manifest, its contract (null without one), and whether its remote entry is there. */
export interface StoredRelease {
  manifest: Manifest;
  contract: Contract | null;
  entryPresent: boolean;
}

/**
 * A release as its folder holds it, or null when it has no manifest that can be read. Its remote
 * entry is looked for where its manifest names it, inside the folder only.
 */
export async function readRelease(remote: Remote, version: string): Promise<StoredRelease | null> {
  if (!VERSION_PATTERN.test(version)) return null;
  const dir = releaseDir(remote, version);
  const readJson = async <T>(file: string): Promise<T | null> => {
    const text = await fs.readFile(path.join(dir, file), 'utf8').catch(() => null);
    if (text === null) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  };
  const manifest = await readJson<Manifest>('mf-manifest.json');
  if (!manifest?.metaData?.remoteEntry || !Array.isArray(manifest.shared) || !Array.isArray(manifest.exposes)) return null;
  const read = await readJson<Contract>('contract.json');
  // A contract not shaped as one says nothing of what the release injects: as good as none.
  const contract = read && Array.isArray(read.slices) && Array.isArray(read.endpoints) ? read : null;
  const { name, path: folder = '' } = manifest.metaData.remoteEntry;
  const entry = path.resolve(dir, folder, name);
  const inside = entry.startsWith(`${dir}${path.sep}`);
  const entryPresent = inside && (await fs.stat(entry).then((stat) => stat.isFile(), () => false));
  return { manifest, contract, entryPresent };
}
