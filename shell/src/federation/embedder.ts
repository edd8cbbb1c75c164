/**
 * The shell fills the slots where one remote's page embeds another's module (shared's
 * `Embedded`: the cart's Add to Cart on the product page): it loads the module from the version
 * the composition names, through the federation runtime, as it loads a page's, once the page's
 * first load is done (or the shopper first interacts). The server has drawn it meanwhile.
 */
import type { ModuleEmbedder } from '@storefront/shared';
import { partHydrated } from '../app/hydration';
import { afterFirstLoad } from '../behaviour/afterFirstLoad';
import { isRemoteName } from './composition';
import { forgetRemoteComponent, loadRemoteModule, remoteModuleArrived } from './remoteComponent';

/** Each module's load while it is under way, so every render waits on the same one; a failed one is tried afresh next time. */
const loading = new Map<string, Promise<ComponentTypeOf>>();

export const browserEmbedder: ModuleEmbedder = {
  load(remote, module) {
    if (!isRemoteName(remote)) return null;
    // One that has arrived is drawn at once: no loading state, and a hydration that does not wait.
    const arrived = remoteModuleArrived(remote, module) ? (loadRemoteModule(remote, module) as { value?: { default: ComponentTypeOf } }).value : undefined;
    if (arrived) return arrived.default;
    // Off the page's first load: the server's HTML of it shows meanwhile, its taps held (Embedded).
    const key = `${remote}/${module}`;
    let load = loading.get(key);
    if (!load) {
      load = afterFirstLoad()
        .then(() => loadRemoteModule(remote, module))
        .then((exposed) => exposed.default);
      loading.set(key, load);
      load.then(
        () => loading.delete(key),
        () => {
          loading.delete(key);
          forgetRemoteComponent(remote, module);
        },
      );
    }
    return load;
  },
  settled: partHydrated,
};

type ComponentTypeOf = Awaited<ReturnType<typeof loadRemoteModule>>['default'];
