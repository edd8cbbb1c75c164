/**
 * What the shell keeps of the remote modules it loads, whatever fetches them: each module loaded
 * once and tracked, one lazy component per module, and the page's modules started and prefetched
 * for. remoteComponent.ts fetches them through the federation runtime; the monolith build's
 * stand-in (monolith/remoteComponent.ts) imports them from the remotes' sources.
 */
import type { AppStore } from '@storefront/shared';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName } from './composition';
import { prefetchFromModules, type PageLocation } from './pageData';
import type { ModuleRef } from './routeModules';
import { forLazy, trackLoad, type TrackedLoad } from './trackedLoad';

export type ExposedComponent = { default: ComponentType<object>; prefetchPageData?: unknown };

/**
 * Fetches `module` of `remote`. It calls `evaluated` once the module has been evaluated, before
 * it resolves with the module's exports.
 */
export type FetchModule = (remote: RemoteName, module: string, evaluated: () => void) => Promise<ExposedComponent>;

export function moduleLoader(fetchModule: FetchModule) {
  const evaluatedListeners = new Set<() => void>();
  const evaluated = () => {
    for (const listener of evaluatedListeners) listener();
  };
  const loads = new Map<string, TrackedLoad<ExposedComponent>>();
  const components = new Map<string, LazyExoticComponent<ComponentType<object>>>();

  /** A module's exports, loaded once. */
  function loadModule(remote: RemoteName, module: string): TrackedLoad<ExposedComponent> {
    const key = `${remote}/${module}`;
    let load = loads.get(key);
    if (!load) {
      load = trackLoad(fetchModule(remote, module, evaluated));
      loads.set(key, load);
    }
    return load;
  }

  return {
    loadModule,

    /**
     * `listener` runs each time a remote's module has been evaluated (the endpoints it injects are on
     * the api slice by then), before whoever loaded it hears of it.
     */
    onRemoteModuleEvaluated(listener: () => void): void {
      evaluatedListeners.add(listener);
    },

    /**
     * Starts loading the page's remote modules before React renders: the remote's entry runs and its
     * module is ready by the time the region asks for it. A failure is left to the region's boundary.
     * The promise settles when every one has arrived or failed.
     */
    startLoadingRemoteModules(modules: readonly ModuleRef[]): Promise<void> {
      return Promise.allSettled(modules.map(({ remote, module }) => loadModule(remote, module))).then(() => undefined);
    },

    /** The data the page's modules ask for before their first render (federation/pageData.ts). */
    prefetchRemotePageData(modules: readonly ModuleRef[], store: AppStore, location: PageLocation): Promise<void> {
      return prefetchFromModules(
        modules.map(({ remote, module }) => loadModule(remote, module)),
        store,
        location,
      );
    },

    /**
     * A lazily loaded component exposed by a remote (its default export). One lazy component per
     * module, so React keeps its state across renders; `forgetRemoteComponent` lets a retry load again.
     * A module that has arrived is drawn on the first render.
     */
    remoteComponent<Props extends object>(remote: RemoteName, module: string): LazyExoticComponent<ComponentType<Props>> {
      const key = `${remote}/${module}`;
      let component = components.get(key);
      if (!component) {
        component = lazy(() => forLazy(loadModule(remote, module)));
        components.set(key, component);
      }
      return component as LazyExoticComponent<ComponentType<Props>>;
    },

    forgetRemoteComponent(remote: RemoteName, module: string): void {
      components.delete(`${remote}/${module}`);
      loads.delete(`${remote}/${module}`);
    },

    /** Whether the module has arrived (a region drawing it now draws it at once, without its loading state). */
    remoteModuleArrived(remote: RemoteName, module: string): boolean {
      return loads.get(`${remote}/${module}`)?.status === 'fulfilled';
    },

    /**
     * When the module began loading (performance.now()), if it has. The page's own modules begin
     * before React renders (startLoadingRemoteModules): the shopper has been waiting since then.
     */
    loadStartedAt(remote: RemoteName, module: string): number | undefined {
      return loads.get(`${remote}/${module}`)?.startedAt;
    },
  };
}
