import { loadRemote } from '@module-federation/enhanced/runtime';
import type { AppStore } from '@storefront/shared';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { federationName, type RemoteName } from './composition';
import { prefetchFromModules, type PageLocation } from './pageData';
import type { ModuleRef } from './routeModules';
import { forLazy, trackLoad, type TrackedLoad } from './trackedLoad';

export { remoteVersionInUse } from './registration';

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName, readonly module: string, cause?: unknown) {
    super(`${remote}/${module} could not be loaded`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

type ExposedComponent = { default: ComponentType<object>; prefetchPageData?: unknown };

const evaluatedListeners = new Set<() => void>();

/**
 * `listener` runs each time a remote's module has been evaluated (the endpoints it injects are on
 * the api slice by then), before whoever loaded it hears of it.
 */
export function onRemoteModuleEvaluated(listener: () => void): void {
  evaluatedListeners.add(listener);
}

const loads = new Map<string, TrackedLoad<ExposedComponent>>();
const components = new Map<string, LazyExoticComponent<ComponentType<object>>>();

async function fetchModule(remote: RemoteName, module: string): Promise<ExposedComponent> {
  try {
    const loaded = await loadRemote<ExposedComponent>(`${federationName(remote)}/${module}`);
    if (!loaded?.default) throw new Error('the module has no default export');
    for (const listener of evaluatedListeners) listener();
    return loaded;
  } catch (error) {
    throw new RemoteUnavailableError(remote, module, error);
  }
}

function loadModule(remote: RemoteName, module: string): TrackedLoad<ExposedComponent> {
  const key = `${remote}/${module}`;
  let load = loads.get(key);
  if (!load) {
    load = trackLoad(fetchModule(remote, module));
    loads.set(key, load);
  }
  return load;
}

/** A remote module's exports, loaded once (a region hydrating the server's HTML needs the component itself). */
export function loadRemoteModule(remote: RemoteName, module: string): Promise<ExposedComponent> {
  return loadModule(remote, module);
}

/**
 * Starts loading the page's remote modules before React renders: the remote's entry runs and its
 * module is ready by the time the region asks for it. A failure is left to the region's boundary.
 * The promise settles when every one has arrived or failed.
 */
export function startLoadingRemoteModules(modules: readonly ModuleRef[]): Promise<void> {
  return Promise.allSettled(modules.map(({ remote, module }) => loadModule(remote, module))).then(() => undefined);
}

/** The data the page's modules ask for before their first render (federation/pageData.ts). */
export function prefetchRemotePageData(modules: readonly ModuleRef[], store: AppStore, location: PageLocation): Promise<void> {
  return prefetchFromModules(
    modules.map(({ remote, module }) => loadModule(remote, module)),
    store,
    location,
  );
}

/**
 * A lazily loaded component exposed by a remote (its default export). One lazy component per
 * module, so React keeps its state across renders; `forgetRemoteComponent` lets a retry load again.
 */
export function remoteComponent<Props extends object>(remote: RemoteName, module: string): LazyExoticComponent<ComponentType<Props>> {
  const key = `${remote}/${module}`;
  let component = components.get(key);
  if (!component) {
    component = lazy(() => forLazy(loadModule(remote, module)));
    components.set(key, component);
  }
  return component as LazyExoticComponent<ComponentType<Props>>;
}

export function forgetRemoteComponent(remote: RemoteName, module: string): void {
  components.delete(`${remote}/${module}`);
  loads.delete(`${remote}/${module}`);
}

/** Whether the module has arrived (a region drawing it now draws it at once, without its loading state). */
export function remoteModuleArrived(remote: RemoteName, module: string): boolean {
  return loads.get(`${remote}/${module}`)?.status === 'fulfilled';
}

/**
 * When the module began loading (performance.now()), if it has. The page's own modules begin
 * before React renders (startLoadingRemoteModules): the shopper has been waiting since then.
 */
export function loadStartedAt(remote: RemoteName, module: string): number | undefined {
  return loads.get(`${remote}/${module}`)?.startedAt;
}
