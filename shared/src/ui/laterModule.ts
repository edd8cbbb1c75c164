import { useEffect, useSyncExternalStore } from 'react';

/**
 * Code that only some visits need (the shell's desktop menus, a phone's slide-in menu and bottom
 * navbar, the quick view; a shop layout's banner or infinite list), kept off the first load and
 * loaded when first wanted. Not React.lazy: nothing on screen is swapped for a Suspense fallback
 * while it loads, the caller draws what it likes until the module is in. `load` starts it early
 * (before the first render, for what that render will need: the shell's bootstrap, a page's
 * prefetchPageData, which a server render awaits too); a server bundle may `provide` it instead.
 *
 * Published as `@storefront/shared/later-module`, outside the shared singleton: each package
 * bundles its own copy (it keeps no page-wide state), so using it asks for no newer shared.
 */
export interface LaterModule<Module> {
  /** Starts loading it, or again after a failure (which is logged); settles with the module. */
  load(): Promise<Module>;
  provide(module: Module): void;
  /** The module if it is in, without asking for it. */
  loaded(): Module | undefined;
  /** The module once it is in, while `wanted`; being wanted starts loading it. */
  useLoaded(wanted: boolean): Module | undefined;
}

export function laterModule<Module>(name: string, importModule: () => Promise<Module>): LaterModule<Module> {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  // Every component drawing with it: they draw again when it arrives, whoever asked for it.
  const listeners = new Set<() => void>();
  const arrived = (module: Module) => {
    loaded = module;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => loaded;
  const load = () => {
    loading ??= importModule().then(
      (module) => {
        arrived(module);
        return module;
      },
      (error: unknown) => {
        console.error(`[storefront] ${name} could not load`, error);
        // Asked again the next time it is wanted or loaded.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    load,
    provide: arrived,
    loaded: current,
    useLoaded(wanted) {
      const module = useSyncExternalStore(subscribe, current, current);
      useEffect(() => {
        if (wanted && !loaded) load().catch(() => undefined);
      }, [wanted]);
      return wanted ? module : undefined;
    },
  };
}
