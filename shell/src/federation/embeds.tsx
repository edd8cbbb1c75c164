/**
 * The embeds' own code, off every page's first load (embedder.ts loads it once that load is done):
 * loading another remote's module for a page, and the islands, each an embed the server drew taken
 * over as a React root of its own (ModuleEmbedder.island).
 */
import {
  EmbedderContext,
  Provider,
  ServerViewportWidth,
  type EmbeddableComponent,
  type EmbeddedModuleRef,
  type EmbedIsland,
  type IslandContexts,
  type IslandView,
  type ModuleEmbedder,
  WithIslandContexts,
} from '@storefront/shared';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Fragment, StrictMode, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { hydrationViewportWidth, partHydrated, reportHydrationError, serverStateNow } from '../app/hydration';
import { isRemoteName } from './composition';
import { islandTurn } from './islandTurns';
import { noteRemoteFailure, RemoteErrorBoundary } from './RemoteErrorBoundary';
import { forgetRemoteComponent, loadRemoteModule } from './remoteComponent';

/**
 * Around a module one remote's page embeds from another (shared's `Embedded`): its failure is
 * counted and logged as a region's, then handed on, thrown again, to the slot's own boundary,
 * which shows the slot as unavailable.
 */
class CountedFailure extends RemoteErrorBoundary {
  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Once the render is over: React draws a failing part again before it gives up (a new
    // boundary, a new error), and those tries are one failure.
    if (!failing.has(this.props.name)) {
      failing.add(this.props.name);
      queueMicrotask(() => {
        failing.delete(this.props.name);
        noteRemoteFailure(this.props.name, error);
      });
    }
    throw error;
  }
}

/** The embedded modules failing in the render under way. */
const failing = new Set<string>();
const counted = new WeakMap<EmbeddableComponent, EmbeddableComponent>();

/** The embedded module's component inside CountedFailure: one per component, so its identity holds across renders. */
export function countedEmbed(name: string, Component: EmbeddableComponent): EmbeddableComponent {
  let wrapped = counted.get(Component);
  if (!wrapped) {
    wrapped = (props: object) => (
      <CountedFailure name={name} fallback={() => null}>
        <Component {...props} />
      </CountedFailure>
    );
    counted.set(Component, wrapped);
  }
  return wrapped;
}

/** The module's component: loaded once however many embeds ask (loadRemoteModule keeps it); a failed load is tried afresh next time. */
export function loadEmbedded(remote: string, module: string): Promise<EmbeddableComponent> {
  if (!isRemoteName(remote)) return Promise.reject(new Error(`${remote} is not a remote`));
  return loadRemoteModule(remote, module).then(
    (exposed) => exposed.default,
    (error: unknown) => {
      forgetRemoteComponent(remote, module);
      throw error;
    },
  );
}

function SuspenseBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** Beside the module, as the server drew it: gives back the taps held on the part once it is live, and says so. */
function Live({ part, onLive }: { part: Element; onLive: () => void }) {
  useLayoutEffect(() => {
    partHydrated(part);
    onLive();
  }, [part, onLive]);
  return null;
}

/** A Suspense boundary as the server writes it: its content between `<!--$-->` and `<!--/$-->`. */
function drawnInSuspenseBoundary(part: Element): boolean {
  const first = part.firstChild;
  return first?.nodeType === Node.COMMENT_NODE && (first as Comment).data === '$';
}

/**
 * Hydrates `part` (the server's HTML of the embed) with `Component`, in the shape the server drew
 * it in (shared's Embedded: an error boundary, the module and a sibling; a release built with an
 * older shared drew a Suspense boundary around the two, which the HTML shows), so React adopts the HTML.
 */
function hydrateIsland(part: Element, Component: EmbeddableComponent, view: IslandView, embedder: ModuleEmbedder, onLive: () => void): { root: Root; draw: (props: object, contexts: IslandContexts) => void } {
  const serverState = serverStateNow(view.store);
  const Boundary = drawnInSuspenseBoundary(part) ? SuspenseBoundary : Fragment;
  const tree = (props: object, contexts: IslandContexts) => (
    <StrictMode>
      <Provider store={view.store} {...(serverState ? { serverState } : {})}>
        <WithIslandContexts value={contexts}>
          <ServerViewportWidth value={hydrationViewportWidth() ?? 1280}>
            <EmbedderContext value={embedder}>
              <RemoteErrorBoundary name={view.name} fallback={() => view.unavailable}>
                <Boundary>
                  <Component {...props} />
                  <Live part={part} onLive={onLive} />
                </Boundary>
              </RemoteErrorBoundary>
            </EmbedderContext>
          </ServerViewportWidth>
        </WithIslandContexts>
      </Provider>
    </StrictMode>
  );
  const root = hydrateRoot(part, tree(view.props, view.contexts), { onRecoverableError: reportHydrationError });
  return { root, draw: (props, contexts) => root.render(tree(props, contexts)) };
}

/**
 * An island for the embed in `part`, hydrated on its turn once its module is in (islandTurns.ts:
 * those on screen first, one per task); `view.onFailed` when it cannot be had.
 */
export function startIsland(part: Element, { remote, module }: EmbeddedModuleRef, view: IslandView, embedder: ModuleEmbedder): EmbedIsland {
  let ended = false;
  let live = false;
  let { props, contexts } = view;
  let drawn: ReturnType<typeof hydrateIsland> | null = null;
  let leaveQueue: (() => void) | null = null;
  // Hydrated with the props the server drew it with (what the HTML shows); once hydrated, drawn
  // with any the page has passed since (a colour chosen while the code was on its way, another
  // address). Drawn again before it is hydrated, React would throw the server's HTML away.
  const onLive = () => {
    if (live) return;
    live = true;
    if (props !== view.props || contexts !== view.contexts) drawn?.draw(props, contexts);
  };
  loadEmbedded(remote, module).then(
    (Component) => {
      if (ended) return;
      leaveQueue = islandTurn(part, () => {
        drawn = hydrateIsland(part, Component, view, embedder, onLive);
      });
    },
    () => {
      if (!ended) view.onFailed();
    },
  );
  return {
    update(nextProps, nextContexts) {
      props = nextProps;
      contexts = nextContexts;
      if (live) drawn?.draw(nextProps, nextContexts);
    },
    unmount() {
      ended = true;
      leaveQueue?.();
      const current = drawn;
      drawn = null;
      // Not while React is committing the page's change: a root cannot be unmounted inside another's commit.
      if (current) setTimeout(() => current.root.unmount(), 0);
    },
  };
}
