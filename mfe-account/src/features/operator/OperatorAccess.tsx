import { Link, Skeleton, useGetMeQuery, useLocation } from '@storefront/shared';
import type { ReactNode } from 'react';

export type AccessProblem = 'signed_out' | 'not_operator';

/** The api's 401 (nobody signed in, or the session ended) and 403 (not an operator), as the page tells them. */
export function accessProblem(error: unknown): AccessProblem | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 401) return 'signed_out';
  if (status === 403) return 'not_operator';
  return null;
}

/**
 * Sign in, then come back here. Slashes stay as they are (a query may hold them), so the plain
 * case reads /login?next=/operator.
 */
function signInHref(pathname: string, search: string): string {
  return `/login?next=${encodeURIComponent(`${pathname}${search}`).replace(/%2F/g, '/')}`;
}

/**
 * Why the page shows no orders: sign in first, or this account is not an operator's. `heading`:
 * the page's own heading, when the page has none yet.
 */
export function OperatorAccessNotice({ problem, heading = true }: { problem: AccessProblem; heading?: boolean }) {
  const { pathname, search } = useLocation();
  const products = pathname.startsWith('/operator/products');
  return (
    <>
      {heading && <h1>{products ? 'Shop products' : 'Shop orders'}</h1>}
      <div className="sf-notice" data-testid="operator-access">
        {problem === 'signed_out' ? (
          <>
            <p>{products ? 'Sign in with an operator’s account to edit the shop’s products.' : 'Sign in with an operator’s account to see and move the shop’s orders.'}</p>
            <Link className="sf-button" to={signInHref(pathname, search)}>
              Sign in
            </Link>
          </>
        ) : (
          <>
            <p>This part of the store is for the shop’s operators.</p>
            <Link to="/account">Go to your account</Link>
          </>
        )}
      </div>
    </>
  );
}

/**
 * Draws `children` for an operator only, as the signed-in account says (GET /auth/session). The
 * api decides too (401/403 on every operator endpoint): the pages inside show the same notice.
 */
export function OperatorGate({ children }: { children: ReactNode }) {
  const { currentData: user, error, isLoading, isFetching, refetch } = useGetMeQuery();
  // A 401 from before the operator signed in stays the query's error while it asks again (just
  // after /login sent them back): only the latest answer decides.
  if (!user && (isLoading || isFetching)) {
    return (
      <div aria-busy="true">
        <Skeleton height="36px" width="40%" />
        <Skeleton height="200px" />
      </div>
    );
  }
  if (!user) {
    const problem = accessProblem(error);
    if (problem) return <OperatorAccessNotice problem={problem} />;
    return (
      <>
        <h1>Shop orders</h1>
        <div className="sf-notice" role="alert">
          <p>We couldn’t check your account just now.</p>
          <button type="button" className="sf-button" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      </>
    );
  }
  if (!user.operator) return <OperatorAccessNotice problem="not_operator" />;
  return children;
}
