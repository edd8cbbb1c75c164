/**
 * A route's first-load JS and CSS computed from the built files alone (no browser), for the
 * budget test: the shell's scripts, /composition.json, and for each remote the
 * route renders its remoteEntry.js and the synchronous assets of the exposed modules it uses, as
 * its manifest lists them. Each file is gzipped at level 9, as served.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { packageVersion, REMOTES, ROOT, type Remote } from '@storefront/edge/packages';
import type { BenchRoute, Viewport } from './routes';

export interface FirstLoad {
  gzipBytes: number;
  files: { file: string; gzipBytes: number }[];
}

interface Manifest {
  exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

function gzipSize(file: string): number {
  return zlib.gzipSync(readFileSync(file), { level: 9 }).length;
}

function mustExist(file: string): string {
  if (!existsSync(file)) {
    throw new Error(`${path.relative(ROOT, file)} is missing: build the store first (npm run build, or npm run test:e2e, which builds what is missing)`);
  }
  return file;
}

function isRemote(name: string): name is Remote {
  return (REMOTES as readonly string[]).includes(name);
}

/** What the shell's server answers at /composition.json for the working builds (same shape, typical ports). */
function compositionBytes(): number {
  const remotes = Object.fromEntries(
    REMOTES.map((remote, index) => {
      const folder = `http://localhost:${8081 + index}/${packageVersion(remote)}`;
      return [remote, { version: packageVersion(remote), manifest: `${folder}/mf-manifest.json`, entry: `${folder}/remoteEntry.js` }];
    }),
  );
  return zlib.gzipSync(JSON.stringify({ remotes, lastKnownGood: remotes, preview: [], previewRefused: [] }, null, 2), { level: 9 }).length;
}

/**
 * What the shell's build lists for a first visit (webpack.common.ts, FirstLoadPlugin): all of it
 * but the chunks only its on-demand pages and regions need, and on a desktop its main menu.
 */
export function shellFirstLoadFiles(shellDist = path.join(ROOT, 'shell/dist')): { files: string[]; desktop?: string[] } {
  return JSON.parse(readFileSync(mustExist(path.join(shellDist, 'first-load.json')), 'utf8')) as { files: string[]; desktop?: string[] };
}

/** A desktop also loads the shell's main menu, and the chunks a route lists as `desktopChunks`. */
export function firstLoadFromDist(route: BenchRoute, viewport: Viewport = 'desktop'): FirstLoad {
  const files: FirstLoad['files'] = [];
  const add = (file: string) => files.push({ file: path.relative(ROOT, file), gzipBytes: gzipSize(mustExist(file)) });

  const shellDist = path.join(ROOT, 'shell/dist');
  mustExist(path.join(shellDist, 'index.html'));
  const shellFiles = shellFirstLoadFiles(shellDist);
  for (const name of [...shellFiles.files, ...(viewport === 'desktop' ? (shellFiles.desktop ?? []) : [])]) add(path.join(shellDist, name));
  files.push({ file: '/composition.json', gzipBytes: compositionBytes() });

  const byRemote = new Map<Remote, string[]>();
  for (const module of route.modules) {
    const [remote = '', exposed = ''] = module.split('/');
    if (!isRemote(remote)) throw new Error(`${module}: "${remote}" is not a remote`);
    byRemote.set(remote, [...(byRemote.get(remote) ?? []), exposed]);
  }
  for (const [remote, exposed] of byRemote) {
    const dist = path.join(ROOT, remote, 'dist', packageVersion(remote));
    // The browser reads no manifest (the composition gives it the entry); this does, to know the chunks.
    const manifestFile = mustExist(path.join(dist, 'mf-manifest.json'));
    add(path.join(dist, 'remoteEntry.js'));
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const assets = new Set<string>();
    for (const name of exposed) {
      const expose = manifest.exposes.find((candidate) => candidate.name === name);
      if (!expose) throw new Error(`${remote} does not expose ${name} (its mf-manifest.json lists ${manifest.exposes.map((item) => item.name).join(', ')})`);
      for (const asset of [...expose.assets.js.sync, ...expose.assets.css.sync]) assets.add(asset);
    }
    for (const asset of [...assets].sort()) add(path.join(dist, asset));
  }
  for (const chunk of viewport === 'desktop' ? (route.desktopChunks ?? []) : []) {
    const [remote = '', name = ''] = chunk.split('/');
    if (!isRemote(remote)) throw new Error(`${chunk}: "${remote}" is not a remote`);
    const dist = path.join(ROOT, remote, 'dist', packageVersion(remote));
    const file = readdirSync(mustExist(dist)).find((candidate) => candidate.startsWith(`${name}.`) && candidate.endsWith('.js'));
    if (!file) throw new Error(`${remote} has no chunk ${name} (built files in ${path.relative(ROOT, dist)})`);
    add(path.join(dist, file));
  }
  return { gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files };
}
