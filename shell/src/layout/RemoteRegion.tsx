import { ErrorBoundary, Skeleton } from '@storefront/shared';
import { Suspense, useState, type ReactNode } from 'react';
import type { RemoteName } from '../federation/composition';
import { forgetRemoteComponent, remoteComponent } from '../federation/remoteComponent';

interface RemoteRegionProps<Props extends object> {
  remote: RemoteName;
  module: string;
  props?: Props;
  /** What shows while the remote loads; a page-sized skeleton by default. */
  loading?: ReactNode;
  /** A short name for the fallback message: "the product page". */
  label: string;
  /** Changing it (the route, say) clears a rendering error. */
  resetKey?: unknown;
}

function PageSkeleton() {
  return (
    <div className="sf-container shell-region-loading" aria-busy="true" aria-label="Loading">
      <Skeleton height="32px" width="40%" />
      <Skeleton height="240px" />
      <Skeleton height="16px" width="70%" />
    </div>
  );
}

/**
 * A part of the page that another team's remote renders. Its failure stays here: a message and a
 * "Try again" that loads only this remote again, while the header, footer and other remotes go on.
 */
export function RemoteRegion<Props extends object>({ remote, module, props, loading, label, resetKey }: RemoteRegionProps<Props>) {
  const [attempt, setAttempt] = useState(0);
  const Component = remoteComponent<Props>(remote, module);
  return (
    <ErrorBoundary
      name={`${remote}/${module}`}
      resetKey={`${String(resetKey)}:${attempt}`}
      fallback={() => (
        <div className="sf-container">
          <div className="sf-notice shell-region-error" role="alert" data-testid="remote-fallback">
            <p>Sorry, {label} is not available right now.</p>
            <button
              type="button"
              className="sf-button"
              onClick={() => {
                forgetRemoteComponent(remote, module);
                setAttempt((value) => value + 1);
              }}
            >
              Try again
            </button>
          </div>
        </div>
      )}
    >
      <Suspense fallback={loading ?? <PageSkeleton />}>
        {/* eslint-disable-next-line react-hooks/static-components -- remoteComponent keeps one lazy component per module, so its identity is stable across renders */}
        <Component {...(props ?? ({} as Props))} />
      </Suspense>
    </ErrorBoundary>
  );
}
