import {
  EmbedderContext,
  HYDRATION_PENDING_ATTRIBUTE,
  Provider,
  Route,
  Router,
  Routes,
  ServerViewportWidth,
  Skeleton,
  UNSAFE_NavigationContext,
  useAppStore,
  useLocation,
  type ServerRenderedRegion,
} from '@storefront/shared';
import { hydrateRoot, type Root } from 'react-dom/client';
import { startTransition, StrictMode, Suspense, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode, type Ref } from 'react';
import type { RemoteName } from '../federation/composition';
import './federation.css';
import { hydrationViewportWidth, partHydrated, reportHydrationError, serverRegionFor, serverRegionSettled, serverStateNow, type ServerRegionInPage } from '../app/hydration';
import { browserEmbedder } from '../federation/embedder';
import { prefetchFromModules } from '../federation/pageData';
import { RemoteErrorBoundary } from '../federation/RemoteErrorBoundary';
import { forgetRemoteComponent, loadRemoteModule, loadStartedAt, remoteComponent, remoteVersionInUse } from '../federation/remoteComponent';
import type { PropsOfModule, RemoteModule } from '../federation/remoteModules';
import { useServerRegion } from './serverRegion';

/**
 * How long a region the server drew waits, once its module is in, for the parts its page's
 * prefetch loads before hydrating; past it, it hydrates, and what differs is drawn afresh.
 */
const PAGE_DATA_WAIT_MS = 3000;

function withinMs(work: Promise<unknown>, ms: number): Promise<unknown> {
  return Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms))]);
}

/** A region still loading after this long says so, with a way to try again (a shopper must be told within 3 s). */
export const SLOW_REGION_MS = 1500;

interface RemoteRegionProps<Remote extends RemoteName, Props extends object> {
  remote: Remote;
  /** Only modules listed in REMOTE_MODULES: what release managers' checks hold the remotes to. */
  module: RemoteModule<Remote>;
  props?: Props;
  /** What shows while the remote loads; a page-sized skeleton by default. */
  loading?: ReactNode;
  /** A short name for the messages: "the product page". */
  label: string;
  /**
   * A page's route ("/shop/*"), as its remote's server bundle renders it: the region the server
   * drew is hydrated at the same route (app/hydration.ts).
   */
  path?: string;
  /** Changing it (the route, say) clears a rendering error. */
  resetKey?: unknown;
  /**
   * For regions shoppers only see when something happens (the added-to-cart popup): a failure
   * shows nothing rather than a message on every page; it is still logged.
   */
  quiet?: boolean;
}

/** A page-sized placeholder while a page's code arrives. */
export function PageSkeleton() {
  return (
    <div className="sf-container shell-region-loading" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height="32px" width="40%" />
      <Skeleton height="240px" />
      <Skeleton height="16px" width="70%" />
    </div>
  );
}

function RegionProblem({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="sf-container">
      <div className="sf-notice shell-region-error" role="alert" data-testid="remote-fallback">
        <p>{children}</p>
        <button type="button" className="sf-button" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}

/**
 * The loading state, which turns into a message when the remote is slow (a hung server, say):
 * SLOW_REGION_MS after its module began loading, which for the page's own module is before the
 * first render (the shopper has been waiting since), else when the region first asked for it.
 */
function Loading({ loading, label, onRetry, remote, module }: { loading: ReactNode; label: string; onRetry: () => void; remote: RemoteName; module: string }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const waited = performance.now() - (loadStartedAt(remote, module) ?? performance.now());
    const timer = setTimeout(() => setSlow(true), Math.max(0, SLOW_REGION_MS - waited));
    return () => clearTimeout(timer);
  }, [remote, module]);
  if (!slow) return <>{loading}</>;
  return <RegionProblem onRetry={onRetry}>Sorry, {label} is taking longer than usual to load.</RegionProblem>;
}

/** Marks the region with the remote and the version in use, for people and tests reading the page. */
function RemoteMarker({ remote, module, children }: { remote: RemoteName; module: string; children: ReactNode }) {
  return (
    <div className="shell-remote" data-remote={remote} data-remote-module={module} data-remote-version={remoteVersionInUse(remote)}>
      {children}
    </div>
  );
}

/**
 * A part of the page that another team's remote renders. Its failure stays here: a message and a
 * "Try again" that loads only this remote again, while the header, footer and other remotes go on.
 */
/**
 * A remote's module in the shell's page. `props` are what RemoteModuleProps says the shell passes
 * that module (none for the others): the contract release managers' checks hold each release to.
 */
export function RemoteRegion<Remote extends RemoteName, Module extends RemoteModule<Remote>>(
  regionProps: Omit<RemoteRegionProps<Remote, object>, 'module' | 'props'> & { module: Module; props?: PropsOfModule<Remote, Module> },
) {
  const onServer = useServerRegion();
  // Read once: the page's first render hydrates what the server drew, any later one draws afresh.
  const [drawnByServer] = useState(() => (onServer || !regionProps.path ? null : serverRegionFor(regionProps.remote, regionProps.module)));
  if (onServer) return <ServerRegion {...regionProps} rendered={onServer.region} />;
  if (drawnByServer && regionProps.path) return <HydratedRegion {...regionProps} path={regionProps.path} server={drawnByServer} />;
  return <BrowserRegion {...regionProps} />;
}

/** On the server: the HTML the remote's server bundle rendered for this region, else its loading state. */
function ServerRegion({ remote, module, loading, quiet = false, rendered }: RemoteRegionProps<RemoteName, object> & { rendered: ServerRenderedRegion | null }) {
  if (rendered?.remote === remote && rendered.module === module) {
    return <ServerRegionHost remote={remote} module={module} version={rendered.version} html={rendered.html} />;
  }
  return quiet ? null : <>{loading ?? <PageSkeleton />}</>;
}

/** The element around a region the server drew: the same on the server and while the browser hydrates it. */
function ServerRegionHost({ remote, module, version, html, ref }: { remote: string; module: string; version: string; html: string; ref?: Ref<HTMLDivElement> }) {
  const pending = { [HYDRATION_PENDING_ATTRIBUTE]: '' };
  return (
    <div
      ref={ref}
      className="shell-remote"
      data-remote={remote}
      data-remote-module={module}
      data-remote-version={version}
      {...pending}
      // The browser keeps the server's HTML here as it is: the region is a React root of its own.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** What a region root renders: as the remote's server bundle rendered it (shared/src/ssr/server.tsx), with the browser's router. */
function RegionTree({ Component, remote, module, path, label, onDone, onRetry }: { Component: ComponentType; remote: RemoteName; module: string; path: string; label: string; onDone: () => void; onRetry: () => void }) {
  const location = useLocation();
  useEffect(onDone, [onDone]);
  return (
    <RemoteErrorBoundary name={`${remote}/${module}`} resetKey={location.pathname} fallback={() => <RegionProblem onRetry={onRetry}>Sorry, {label} is not available right now.</RegionProblem>}>
      <Routes>
        <Route path={path} element={<Component />} />
      </Routes>
    </RemoteErrorBoundary>
  );
}

/**
 * The page's region as the server drew it, hydrated as a React root of its own (as the server
 * rendered it) once its remote's module has arrived: the shell's frame is live before that, and a
 * tap on the region meanwhile is held and replayed (edge/src/eventReplay.ts). The root follows the
 * shell's router. If the browser is to load another version of the remote than the server drew
 * with, or the module cannot be loaded, the region is drawn afresh as any later page's is.
 */
function HydratedRegion<Remote extends RemoteName, Props extends object>(regionProps: RemoteRegionProps<Remote, Props> & { path: string; server: ServerRegionInPage }) {
  const { remote, module, path, label, server } = regionProps;
  const store = useAppStore();
  const location = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<{ root: Root; render: (location: ReturnType<typeof useLocation>) => void } | null>(null);
  // Drawn afresh instead: as it stands (another version is in use, or the module failed and the
  // region says so), or after "Try again", with the module loaded again.
  const [afresh, setAfresh] = useState<false | 'as-is' | 'retry'>(false);
  // Where the shell's router is now: the page may have moved on (a filter, say) before the region is hydrated.
  const latestLocation = useRef(location);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadRemoteModule(remote, module).then(
      async (exposed) => {
        // What the server's render had loaded for the page (its data, and the later parts its
        // prefetch loads: a filtered shop's chips, say) is what the hydration must draw with.
        await withinMs(prefetchFromModules([Promise.resolve(exposed)], store, location), PAGE_DATA_WAIT_MS);
        const element = host.current;
        if (cancelled || !element) return;
        if (remoteVersionInUse(remote) !== server.version) {
          serverRegionSettled();
          setAfresh('as-is');
          return;
        }
        const serverState = serverStateNow(store);
        // "Try again" after the region failed: it is drawn afresh.
        const onRetry = () => setAfresh('retry');
        // How the region's later addresses are drawn: in a transition until it is hydrated (below).
        let draw: (work: () => void) => void = startTransition;
        const onDone = () => {
          draw = (work) => work();
          serverRegionSettled();
          partHydrated(element);
        };
        const tree = (at: ReturnType<typeof useLocation>) => (
          <StrictMode>
            <Provider store={store} {...(serverState ? { serverState } : {})}>
              <Router location={at} navigator={navigator}>
                <ServerViewportWidth value={hydrationViewportWidth() ?? 1280}>
                  <EmbedderContext value={browserEmbedder}>
                    <RegionTree Component={exposed.default} remote={remote} module={module} path={path} label={label} onDone={onDone} onRetry={onRetry} />
                  </EmbedderContext>
                </ServerViewportWidth>
              </Router>
            </Provider>
          </StrictMode>
        );
        // In a transition, as the shell's own (bootstrap.tsx): the hydration yields every few
        // milliseconds. An address that comes before it is done waits for it, in a transition too
        // (an update ahead of the hydration would have the whole region drawn afresh); later ones
        // are drawn as any update is, a field bound to the address keeping up with the keys typed.
        startTransition(() => {
          const regionRoot = hydrateRoot(element, tree(location), { onCaughtError: () => undefined, onRecoverableError: reportHydrationError });
          root.current = { root: regionRoot, render: (at) => draw(() => regionRoot.render(tree(at))) };
        });
        if (latestLocation.current !== location) root.current?.render(latestLocation.current);
        setHydrated(true);
      },
      () => {
        if (cancelled) return;
        serverRegionSettled();
        setAfresh('as-is');
      },
    );
    return () => {
      cancelled = true;
      const current = root.current;
      root.current = null;
      // Not while React is committing the shell's change: a root cannot be unmounted inside another's commit.
      if (current) setTimeout(() => current.root.unmount(), 0);
    };
    // The region is hydrated once, with the location it was first drawn at; later ones are rendered below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    latestLocation.current = location;
    root.current?.render(location);
  }, [location]);

  useEffect(() => {
    const current = root.current;
    if (!afresh) return;
    // Drawn afresh: the region root (if it was made) goes, and after "Try again" the module is loaded again.
    if (afresh === 'retry') forgetRemoteComponent(remote, module);
    root.current = null;
    if (current) setTimeout(() => current.root.unmount(), 0);
  }, [afresh, remote, module]);

  if (afresh) return <BrowserRegion {...regionProps} />;
  // The server's page is in view, but it answers nothing until the module is in: a slow remote says so.
  return (
    <>
      {!hydrated && <Loading loading={null} label={label} onRetry={() => setAfresh('retry')} remote={remote} module={module} />}
      <ServerRegionHost ref={host} remote={remote} module={module} version={server.version} html={server.html} />
    </>
  );
}

function BrowserRegion<Remote extends RemoteName, Props extends object>({ remote, module, props, loading, label, resetKey, quiet = false }: RemoteRegionProps<Remote, Props>) {
  const [attempt, setAttempt] = useState(0);
  const Component = remoteComponent<Props>(remote, module);
  const retry = () => {
    forgetRemoteComponent(remote, module);
    setAttempt((value) => value + 1);
  };
  return (
    <RemoteErrorBoundary
      name={`${remote}/${module}`}
      resetKey={`${String(resetKey)}:${attempt}`}
      fallback={() => (quiet ? null : <RegionProblem onRetry={retry}>Sorry, {label} is not available right now.</RegionProblem>)}
    >
      <Suspense key={attempt} fallback={quiet ? null : <Loading loading={loading ?? <PageSkeleton />} label={label} onRetry={retry} remote={remote} module={module} />}>
        <RemoteMarker remote={remote} module={module}>
          {/* eslint-disable-next-line react-hooks/static-components -- remoteComponent keeps one lazy component per module, so its identity is stable across renders */}
          <Component {...(props ?? ({} as Props))} />
        </RemoteMarker>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
