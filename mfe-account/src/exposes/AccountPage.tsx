import { Navigate, NavLink, Route, Routes, Skeleton, toast, useGetMeQuery, useLocation, useLogoutMutation, useNavigate } from '@storefront/shared';
import { useState } from 'react';
import { AddressesSection } from '../features/account/AddressesSection';
import { OrderDetail } from '../features/account/OrderDetail';
import { OrdersSection } from '../features/account/OrdersSection';
import { PrivacySection } from '../features/account/PrivacySection';
import { ProfileSection } from '../features/account/ProfileSection';
import { SecuritySection } from '../features/account/SecuritySection';
import '../features/account.css';

function isUnauthorised(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}

/** /account/*: the signed-in shopper's dashboard. Signed-out visitors go to /login and come back. */
export default function AccountPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { currentData: user, error, isLoading, isFetching, refetch } = useGetMeQuery();
  const [logout, { isLoading: signingOut }] = useLogoutMutation();
  // Set while the shopper leaves on purpose (signed out, account deleted): the page stays on
  // screen until the next one has loaded, and must not answer its own 401 with "sign in".
  const [leaving, setLeaving] = useState<string | null>(null);

  if (leaving) {
    return (
      <div className="sf-container acc-page" aria-busy="true">
        <p className="acc-muted">{leaving}</p>
      </div>
    );
  }
  // A 401 from before the shopper signed in is still the query's error while it asks again (just
  // after /login sent them here): only the answer to the latest question sends them to sign in.
  if (isUnauthorised(error) && !isFetching) return <Navigate to={`/login?next=${encodeURIComponent(pathname)}`} replace />;
  if (!user && (isLoading || isFetching || !error)) {
    return (
      <div className="sf-container acc-page" aria-busy="true">
        <Skeleton height="36px" width="40%" />
        <Skeleton height="200px" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="sf-container acc-page">
        <div className="sf-notice" role="alert">
          <p>We couldn’t load your account just now.</p>
          <button type="button" className="sf-button" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }

  const signOut = () =>
    logout()
      .unwrap()
      .then(
        () => {
          setLeaving('You have signed out.');
          toast.success('You have signed out');
          navigate('/', { replace: true });
        },
        () => toast.error('error signing out'),
      );

  return (
    <div className="sf-container acc-page acc-dashboard">
      <h1>Hello, {user.first_name}</h1>
      <div className="acc-dashboard__layout">
        <nav aria-label="Account" className="acc-nav">
          <NavLink to="/account" end>
            Dashboard
          </NavLink>
          <NavLink to="/account/orders">Orders</NavLink>
          <NavLink to="/account/addresses">Addresses</NavLink>
          <NavLink to="/account/security">Password &amp; devices</NavLink>
          <NavLink to="/account/privacy">Your data</NavLink>
          {user.operator && <NavLink to="/operator">Shop orders</NavLink>}
          <button type="button" className="acc-link" onClick={() => void signOut()} disabled={signingOut}>
            Sign out
          </button>
        </nav>
        <div className="acc-dashboard__content">
          <Routes>
            <Route
              index
              element={
                <>
                  <ProfileSection user={user} />
                  <OrdersSection limit={3} />
                </>
              }
            />
            <Route path="orders" element={<OrdersSection />} />
            <Route path="orders/:id" element={<OrderDetail />} />
            <Route path="addresses" element={<AddressesSection />} />
            <Route path="security" element={<SecuritySection user={user} />} />
            <Route path="privacy" element={<PrivacySection user={user} onDeleted={() => setLeaving('Your account has been deleted.')} />} />
            <Route path="*" element={<Navigate to="/account" replace />} />
          </Routes>
        </div>
      </div>
    </div>
  );
}
