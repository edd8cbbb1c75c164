/**
 * Hydrating the page the server rendered (edge/src/serverRender.ts) instead of drawing it again.
 *
 * The server drew the shell's frame and, inside it, the page's region as a React root of its own
 * (a remote's server bundle, shared/src/ssr/server.tsx). The browser does the same: `#root` is
 * hydrated as soon as the shell's own scripts have run (bootstrap.tsx), and the region, a root of
 * its own inside it, as soon as its remote's module has arrived (layout/RemoteRegion.tsx). Both
 * hydrate from the state the server drew with: its answers, and the width it drew for, whatever
 * the browser's store or window already say; React then moves on to what they say.
 *
 * Until a part is hydrated it carries `data-await-hydration`, and the page's inline script holds
 * the taps on its controls (edge/src/eventReplay.ts); `partHydrated` gives them back.
 */
import {
  baseApi,
  createStorefrontStore,
  HYDRATION_PENDING_ATTRIBUTE,
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_VIEWPORT_ATTRIBUTE,
  type AppStore,
  type RootState,
  type ServerQueryEntry,
  type StorefrontConfig,
} from '@storefront/shared';
import { upsertAnswers } from './serverQueries';

declare global {
  interface Window {
    /** Defined by the page's inline script (edge/src/eventReplay.ts) when the server rendered the page. */
    __storefrontReplay?: (part: Element) => void;
  }
}

/** A region the server rendered, waiting in the page for its remote's module. */
export interface ServerRegionInPage {
  remote: string;
  module: string;
  version: string;
  /** Its HTML as the server sent it: the shell's hydration leaves it as it is. */
  html: string;
}

export interface ServerPage {
  container: HTMLElement;
  viewportWidth: number;
  region: ServerRegionInPage | null;
}

let serverRegion: ServerRegionInPage | null = null;
let serverViewportWidth: number | undefined;

/** The page the server rendered, or null when #root is empty and the browser draws the page itself. */
export function readServerPage(document: Document): ServerPage | null {
  const container = document.getElementById('root');
  if (!container?.hasAttribute(HYDRATION_PENDING_ATTRIBUTE)) return null;
  const viewportWidth = Number(container.getAttribute(SERVER_VIEWPORT_ATTRIBUTE));
  const regionElement = container.querySelector<HTMLElement>(`[data-remote][${HYDRATION_PENDING_ATTRIBUTE}]`);
  const region = regionElement
    ? {
        remote: regionElement.dataset.remote ?? '',
        module: regionElement.dataset.remoteModule ?? '',
        version: regionElement.dataset.remoteVersion ?? '',
        html: regionElement.innerHTML,
      }
    : null;
  serverRegion = region;
  serverViewportWidth = Number.isFinite(viewportWidth) && viewportWidth > 0 ? viewportWidth : 1280;
  return { container, viewportWidth: serverViewportWidth, region };
}

/**
 * The store's state as the server had it: a store of its own holding only the server's answers,
 * with the slices the remotes injected into the browser's store since. `useSelector` reads it while
 * React hydrates (react-redux's `serverState`), the live store from then on.
 *
 * An answer `live` holds as the server sent it (startWithServerQueries put the same one in) is
 * `live`'s own entry, and only the others go into the store of its own: a part drawn from it reads the very same thing in the live store once
 * hydrated, so it is not drawn again. With a second store's entry for the same answer, React found
 * each such part reading something else once live and drew it again at once, synchronously: the
 * home page's carousels and every card in them, 17–35 ms on this machine's unthrottled CPU, in the
 * task that ran the hydration's effects.
 */
export function rememberServerState(config: Partial<StorefrontConfig>, queries: readonly ServerQueryEntry[], live?: AppStore): void {
  sentAnswers = new Set(queries.map((entry) => entry.value));
  liveStore = live;
  // The entries `live` holds with the very answer the server sent (its data is that object), as they are now.
  const held = live ? heldEntries(live) : [];
  heldAtStart = Object.fromEntries(held);
  const heldAnswers = new Set(held.map(([, entry]) => entry?.data));
  // A store of its own for the rest only: the answers are not put in a second time. A remote's
  // own answers wait for its endpoints, as the live store's do (serverQueries.ts).
  serverStore = createStorefrontStore({ config });
  upsertAnswers(
    serverStore,
    queries.filter((entry) => !heldAnswers.has(entry.value)),
    { wait: true },
  );
}

let sentAnswers = new Set<unknown>();
let liveStore: AppStore | undefined;
let serverStore: AppStore | undefined;
let heldAtStart: Record<string, unknown> = {};

/** The live store's entries holding an answer as the server sent it. */
function heldEntries(live: AppStore) {
  return Object.entries(live.getState()[baseApi.reducerPath].queries).filter(([, entry]) => entry?.status === 'fulfilled' && sentAnswers.has(entry.data));
}

/**
 * The state a part hydrates with: as the server had it, over the live store's slices. An answer a
 * remote's endpoint took up since (serverQueries.ts) is the live store's entry while it still
 * holds it as sent; one held from the start stays as it was then, whatever the live store did since.
 */
export function serverStateNow(store: AppStore): RootState | undefined {
  if (!serverStore) return undefined;
  const state = serverStore.getState();
  const api = state[baseApi.reducerPath];
  const heldNow = liveStore ? Object.fromEntries(heldEntries(liveStore)) : {};
  const queries = { ...api.queries, ...heldNow, ...heldAtStart } as typeof api.queries;
  return { ...store.getState(), ...state, [baseApi.reducerPath]: { ...api, queries } };
}

/** The width the server drew the page for (the browser draws it so while hydrating), if it did. */
export function hydrationViewportWidth(): number | undefined {
  return serverViewportWidth;
}

/**
 * The region the server drew for this remote module, if it is still waiting to be hydrated: the
 * first render of the page's region hydrates it; any later one (another page) draws afresh.
 */
export function serverRegionFor(remote: string, module: string): ServerRegionInPage | null {
  return serverRegion?.remote === remote && serverRegion.module === module ? serverRegion : null;
}

/** The server's region is hydrated or drawn afresh: no later render of the module hydrates. */
export function serverRegionSettled(): void {
  serverRegion = null;
  releaseServerStylesWhenDone();
}

/**
 * A part is hydrated: it is live, and the taps held on its controls are replayed (in the order
 * they came, once per control). Called from an effect, so React has committed the hydration.
 */
export function partHydrated(part: Element): void {
  if (window.__storefrontReplay) window.__storefrontReplay(part);
  else part.removeAttribute(HYDRATION_PENDING_ATTRIBUTE);
  releaseServerStylesWhenDone();
}

/**
 * The server's copy of the styles goes once nothing on the page is the server's alone: the
 * shell's and the page's own stylesheets are in by then.
 */
function releaseServerStylesWhenDone(): void {
  if (serverRegion || document.querySelector(`[${HYDRATION_PENDING_ATTRIBUTE}]`)) return;
  document.getElementById('root')?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  document.querySelectorAll(`style[${SERVER_RENDERED_ATTRIBUTE}]`).forEach((style) => style.remove());
}

/** A hydration that did not match: React draws that part afresh; the page's tests count these. */
export function reportHydrationError(error: unknown, info: { componentStack?: string }): void {
  console.error('[storefront] hydration mismatch:', error instanceof Error ? error.message : error, info.componentStack ?? '');
}
