import { ErrorBoundary, Skeleton, type ServerRenderedRegion } from '@storefront/shared';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import type { RemoteName } from '../federation/composition';
import './federation.css';
import { forgetRemoteComponent, loadStartedAt, remoteComponent, remoteVersionInUse } from '../federation/remoteComponent';
import type { RemoteModule } from '../federation/remoteModules';
import { useServerRegion } from './serverRegion';

/** A region still loading after this long says so, with a way to try again (issue 8: within 3 s). */
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
export function RemoteRegion<Remote extends RemoteName, Props extends object>(regionProps: RemoteRegionProps<Remote, Props>) {
  const onServer = useServerRegion();
  if (onServer) return <ServerRegion {...regionProps} rendered={onServer.region} />;
  return <BrowserRegion {...regionProps} />;
}

/** On the server: the HTML the remote's server bundle rendered for this region, else its loading state. */
function ServerRegion({ remote, module, loading, quiet = false, rendered }: RemoteRegionProps<RemoteName, object> & { rendered: ServerRenderedRegion | null }) {
  if (rendered?.remote === remote && rendered.module === module) {
    return <div className="shell-remote" data-remote={remote} data-remote-module={module} data-remote-version={rendered.version} dangerouslySetInnerHTML={{ __html: rendered.html }} />;
  }
  return quiet ? null : <>{loading ?? <PageSkeleton />}</>;
}

function BrowserRegion<Remote extends RemoteName, Props extends object>({ remote, module, props, loading, label, resetKey, quiet = false }: RemoteRegionProps<Remote, Props>) {
  const [attempt, setAttempt] = useState(0);
  const Component = remoteComponent<Props>(remote, module);
  const retry = () => {
    forgetRemoteComponent(remote, module);
    setAttempt((value) => value + 1);
  };
  return (
    <ErrorBoundary
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
    </ErrorBoundary>
  );
}
