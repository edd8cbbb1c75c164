import { getInstance, loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { federationName, versionFromManifestUrl, type Composition, type RemoteName } from './composition';
import { resiliencePlugin } from './resiliencePlugin';
import type { ModuleRef } from './routeModules';

/**
 * Registers the remotes of a composition by their manifest URLs (nothing about them is compiled
 * into the shell), and the plugin that retries, times out and falls back.
 */
export function registerComposition(composition: Composition): void {
  registerPlugins([resiliencePlugin(composition)]);
  const remotes = Object.entries(composition.remotes).map(([name, entry]) => ({
    name: federationName(name as RemoteName),
    entry: entry.manifest,
  }));
  registerRemotes(remotes);
}

/**
 * Starts fetching what `modules` need (each remote's manifest, then its entry and the modules'
 * chunks together). Only a head start: a failure here is left to loadRemote and its fallbacks.
 */
export function preloadModules(modules: readonly ModuleRef[]): void {
  const byRemote = new Map<RemoteName, string[]>();
  for (const { remote, module } of modules) byRemote.set(remote, [...(byRemote.get(remote) ?? []), `./${module}`]);
  const registered = new Set(getInstance()?.options.remotes.map((remote) => remote.name));
  const wanted = [...byRemote].filter(([remote]) => registered.has(federationName(remote)));
  if (wanted.length === 0) return;
  preloadRemote(wanted.map(([remote, exposes]) => ({ nameOrAlias: federationName(remote), exposes, resourceCategory: 'sync' }))).catch(() => undefined);
}

/** The version of a remote in use now: the composed one, or its last known good after a fallback. */
export function remoteVersionInUse(remote: RemoteName): string | undefined {
  const registered = getInstance()?.options.remotes.find((candidate) => candidate.name === federationName(remote));
  return registered && 'entry' in registered ? versionFromManifestUrl(registered.entry) : undefined;
}

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName, readonly module: string, cause?: unknown) {
    super(`${remote}/${module} could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

const components = new Map<string, LazyExoticComponent<ComponentType<object>>>();

/**
 * A lazily loaded component exposed by a remote (its default export). One lazy component per
 * module, so React keeps its state across renders; `forgetRemoteComponent` lets a retry load again.
 */
export function remoteComponent<Props extends object>(remote: RemoteName, module: string): LazyExoticComponent<ComponentType<Props>> {
  const key = `${remote}/${module}`;
  let component = components.get(key);
  if (!component) {
    component = lazy(async () => {
      try {
        const loaded = await loadRemote<{ default: ComponentType<object> }>(`${federationName(remote)}/${module}`);
        if (!loaded?.default) throw new Error('the module has no default export');
        return loaded;
      } catch (error) {
        throw new RemoteUnavailableError(remote, module, error);
      }
    });
    components.set(key, component);
  }
  return component as LazyExoticComponent<ComponentType<Props>>;
}

export function forgetRemoteComponent(remote: RemoteName, module: string): void {
  components.delete(`${remote}/${module}`);
}
