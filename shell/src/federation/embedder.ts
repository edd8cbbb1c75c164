/**
 * The shell fills the slots where one remote's page embeds another's module (shared's
 * `Embedded`: the cart's Add to Cart on the product page): it loads the module from the version
 * the composition names, through the federation runtime, as it loads a page's.
 */
import type { ModuleEmbedder } from '@storefront/shared';
import { isRemoteName } from './composition';
import { loadRemoteModule } from './remoteComponent';

export const browserEmbedder: ModuleEmbedder = {
  load(remote, module) {
    if (!isRemoteName(remote)) return null;
    const load = loadRemoteModule(remote, module);
    // One that has arrived is drawn at once: no loading state, and a hydration that does not wait.
    const { status, value } = load as { status?: string; value?: { default: ComponentTypeOf } };
    if (status === 'fulfilled' && value) return value.default;
    return load.then((exposed) => exposed.default);
  },
};

type ComponentTypeOf = Awaited<ReturnType<typeof loadRemoteModule>>['default'];
