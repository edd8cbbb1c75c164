/**
 * Registering a composition's remotes: federation runtime only, no React and no shared module, so
 * the entry chunk can run it as soon as the composition arrives.
 */
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { federationName, type Composition, type RemoteEntry, type RemoteName } from './composition';
import { resiliencePlugin } from './resiliencePlugin';
import type { ModuleRef } from './routeModules';

/** The version of each remote in use now: the composed one, or its last known good after a fallback. */
const inUse = new Map<RemoteName, string>();

/**
 * Registers a remote by its remote entry (nothing about it is compiled into the shell). By the
 * entry, not the manifest: the browser then fetches no manifest, and the runtime is built
 * without the code that reads them (`disableSnapshot`); the shell's server reads the manifests
 * instead, for the composition's entries and each page's preloads.
 */
function registerRemote(remote: RemoteName, entry: RemoteEntry): void {
  registerRemotes([{ name: federationName(remote), entry: entry.entry }]);
  inUse.set(remote, entry.version);
}

/** Registers the remotes of a composition, and the plugin that retries, times out and falls back. */
export function registerComposition(composition: Composition): void {
  registerPlugins([resiliencePlugin(composition, (remote, entry) => inUse.set(remote, entry.version))]);
  for (const [name, entry] of Object.entries(composition.remotes)) {
    if (entry) registerRemote(name as RemoteName, entry);
  }
}

export function remoteVersionInUse(remote: RemoteName): string | undefined {
  return inUse.get(remote);
}

/**
 * Starts fetching the remote entries of `modules` (the shell's server has normally preloaded
 * them, and their chunks, from the page's first round trip already): a head start for the
 * bootstrap, which loads the modules once the shared modules are ready. A failure is left to
 * loadRemote and its fallbacks.
 */
export function preloadModules(composition: Composition, modules: readonly ModuleRef[]): void {
  for (const remote of new Set(modules.map((module) => module.remote))) {
    const entry = composition.remotes[remote]?.entry;
    if (!entry || document.querySelector(`link[rel="preload"][href="${CSS.escape(entry)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = entry;
    document.head.append(link);
  }
}
