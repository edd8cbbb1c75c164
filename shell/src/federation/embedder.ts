/**
 * The shell fills the slots where one remote's page embeds another's module (shared's
 * `Embedded`: the cart's Add to Cart on the product page): it loads the module from the version
 * the composition names, through the federation runtime, as it loads a page's, once the page's
 * first load is done (or the shopper first interacts). The server has drawn it meanwhile. Only
 * what every page needs is here; the rest is a chunk of its own (embeds.tsx), loaded then too.
 */
import type { EmbeddableComponent, EmbedIsland, ModuleEmbedder } from '@storefront/shared';
import { partHydrated } from '../app/hydration';
import { afterFirstLoad } from '../behaviour/afterFirstLoad';
import { isRemoteName } from './composition';
import { loadRemoteModule, remoteModuleArrived } from './remoteComponent';

/** The embeds' chunk, once it has come: an embedded module's failures are counted from then on (embeds.tsx's countedEmbed). */
let embedsChunk: typeof import('./embeds') | null = null;

const later = () =>
  afterFirstLoad()
    .then(() => import(/* webpackChunkName: "later-embeds" */ './embeds'))
    .then((embeds) => (embedsChunk = embeds));

/** Each module's load while it is under way: a render that suspends on it reads the same one again. */
const loading = new Map<string, Promise<EmbeddableComponent>>();

export const browserEmbedder: ModuleEmbedder = {
  load(remote, module) {
    if (!isRemoteName(remote)) return null;
    // One that has arrived is drawn at once: no loading state.
    if (remoteModuleArrived(remote, module)) {
      const arrived = (loadRemoteModule(remote, module) as { value?: Awaited<ReturnType<typeof loadRemoteModule>> }).value;
      if (arrived) return embedsChunk ? embedsChunk.countedEmbed(`${remote}/${module}`, arrived.default) : arrived.default;
    }
    const key = `${remote}/${module}`;
    let load = loading.get(key);
    if (!load) {
      load = later()
        .then((embeds) => embeds.loadEmbedded(remote, module).then((Component) => embeds.countedEmbed(key, Component)));
      loading.set(key, load);
      // Kept until it settles; a failure is the slot's to show, and the next page tries again.
      load.then(
        () => loading.delete(key),
        () => loading.delete(key),
      );
    }
    return load;
  },
  settled: partHydrated,
  island(part, ref, view) {
    let started: EmbedIsland | null = null;
    let ended = false;
    let { props, contexts } = view;
    later().then(
      (embeds) => {
        if (ended) return;
        started = embeds.startIsland(part, ref, view, browserEmbedder);
        if (props !== view.props || contexts !== view.contexts) started.update(props, contexts);
      },
      () => {
        if (!ended) view.onFailed();
      },
    );
    return {
      update(nextProps, nextContexts) {
        props = nextProps;
        contexts = nextContexts;
        started?.update(nextProps, nextContexts);
      },
      unmount() {
        ended = true;
        started?.unmount();
      },
    };
  },
};
