/**
 * The shell's server hosts the remotes' server containers (shared/src/ssr/contract.ts) through the
 * federation runtime, as its browser build hosts their browser containers: each composed version
 * is a remote of its own, registered by its server entry, loaded by the runtime's Node loading
 * (its chunks fetched from the same origin by @module-federation/node's runtime plugin), and
 * sharing this bundle's React, react-dom and the store's and router's libraries (each keeps its
 * own copy of the shared library, so its own api slice). The edge says which to load and which to
 * drop (edge/src/serverRender.ts).
 */
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteServerBundle, ServerRemote } from '@storefront/shared';
import { SERVER_EXPOSE } from '@storefront/shared/ssr/server-entry';

export async function loadServerRemote({ name, entry }: ServerRemote): Promise<RemoteServerBundle> {
  registerRemotes([{ name, entry }]);
  const bundle = await loadRemote<Partial<RemoteServerBundle>>(`${name}/${SERVER_EXPOSE}`);
  if (typeof bundle?.renderRegion !== 'function') throw new Error(`${entry} does not expose ./${SERVER_EXPOSE} with renderRegion`);
  return bundle as RemoteServerBundle;
}

/** What the runtime's remote handler does for `registerRemotes(…, { force: true })`, which its types keep private. */
interface RemoteRemoval {
  removeRemote(remote: { name: string }): void;
}

/**
 * Forgets a version: its registration, its container and the share-scope entries only it used,
 * for the garbage collector (the runtime's own removal, as a forced re-registration does it).
 */
export function dropServerRemote(name: string): void {
  const instance = getInstance();
  const remote = instance?.options.remotes.find((item) => item.name === name);
  if (instance && remote) (instance.remoteHandler as unknown as RemoteRemoval).removeRemote(remote);
}
