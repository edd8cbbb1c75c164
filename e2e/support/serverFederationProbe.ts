/**
 * Run as its own Node process (`node -r sucrase/register/ts`), as the edge runs: jest's sandbox
 * is another global than the one the federation runtime evaluates containers in. Loads the shell's
 * server bundle and, through it, each remote's server container from its origin, renders a region
 * with each, drops one and loads it again, and prints what it saw as JSON (serverRender.spec.ts).
 *
 * argv[2]: JSON [{ remote, name, entry, module, pathname, search }]; argv[3]: the api's address.
 */
import path from 'node:path';
import type { ShellServerBundle } from '@storefront/shared/ssr/contract';

interface Probe {
  remote: string;
  name: string;
  entry: string;
  module: string;
  pathname: string;
  search: string;
}

interface ShareEntry {
  from: string;
  version: string;
  loaded?: unknown;
  useIn: string[];
}

type ShareScopes = Record<string, Record<string, Record<string, Record<string, ShareEntry>>>>;

function federationGlobal(): { __INSTANCES__: { name: string }[]; __SHARE__: ShareScopes } {
  return (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: { name: string }[]; __SHARE__: ShareScopes } }).__FEDERATION__;
}

async function main(): Promise<void> {
  const probes = JSON.parse(process.argv[2] ?? '[]') as Probe[];
  const apiBase = process.argv[3] ?? '';
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the shell's build, as the edge requires it
  const shell = (await require(path.resolve(__dirname, '../../shell/dist/server/render.js'))) as ShellServerBundle;
  const renders: Record<string, string> = {};
  for (const probe of probes) {
    const bundle = await shell.loadServerRemote(probe);
    const region = await bundle.renderRegion({ module: probe.module, pathname: probe.pathname, search: probe.search, config: { apiBase }, viewportWidth: 1280 });
    renders[probe.remote] = region?.html ?? '';
  }
  // Which copy of each shared module every container uses: the one it was loaded from, and who uses it.
  const shared: Record<string, { from: string; version: string; useIn: string[] }[]> = {};
  for (const scopes of Object.values(federationGlobal().__SHARE__)) {
    for (const [name, versions] of Object.entries(scopes.default ?? {})) {
      for (const entry of Object.values(versions)) {
        if (entry.loaded) (shared[name] ??= []).push({ from: entry.from, version: entry.version, useIn: [...entry.useIn].sort() });
      }
    }
  }
  const first = probes[0];
  const instancesBefore = federationGlobal().__INSTANCES__.map((instance) => instance.name);
  if (first) shell.dropServerRemote(first.name);
  const instancesAfterDrop = federationGlobal().__INSTANCES__.map((instance) => instance.name);
  let renderedAgain = '';
  if (first) {
    const again = await shell.loadServerRemote(first);
    renderedAgain = (await again.renderRegion({ module: first.module, pathname: first.pathname, search: first.search, config: { apiBase }, viewportWidth: 1280 }))?.html ?? '';
  }
  process.stdout.write(JSON.stringify({ renders, shared, instancesBefore, instancesAfterDrop, renderedAgain }));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
