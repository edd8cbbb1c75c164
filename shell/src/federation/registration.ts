/**
 * Registering a composition's remotes and preloading a page's modules: federation runtime only, no
 * React and no shared module, so the entry chunk can run it as soon as the composition arrives.
 */
import { getInstance, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { federationName, type Composition, type RemoteName } from './composition';
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
