import { useEffect, useReducer } from 'react';

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
  load(): Promise<Module>;
  provide(module: Module): void;
  /** The module once it is in, while `wanted`; being wanted starts loading it. */
  useLoaded(wanted: boolean): Module | undefined;
}

export function laterModule<Module>(name: string, importModule: () => Promise<Module>): LaterModule<Module> {
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const load = () => {
    loading ??= importModule().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // Asked again the next time it is wanted.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    load,
    provide: (module) => {
      loaded = module;
    },
    useLoaded(wanted) {
      const [, arrived] = useReducer((count: number) => count + 1, 0);
      useEffect(() => {
        if (!wanted || loaded) return undefined;
        let current = true;
        load().then(
          () => current && arrived(),
          (error: unknown) => console.error(`[storefront] ${name} could not load`, error),
        );
        return () => {
          current = false;
        };
      }, [wanted]);
      return wanted ? loaded : undefined;
    },
  };
}
