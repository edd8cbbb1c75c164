import '@storefront/shared/styles.css';
import { loginModalOpened, Route, Routes, useAppDispatch } from '@storefront/shared';
import { mountStandalone } from '@storefront/shared/standalone';
import AccountModals from './exposes/AccountModals';
import AccountPage from './exposes/AccountPage';
import ForgotPasswordPage from './exposes/ForgotPasswordPage';
import LoginPage from './exposes/LoginPage';
import OperatorPage from './exposes/OperatorPage';
import OrderLookupPage from './exposes/OrderLookupPage';
import ResetPasswordPage from './exposes/ResetPasswordPage';

function OpenModalButton() {
  const dispatch = useAppDispatch();
  return (
    <div className="sf-container" style={{ padding: 24 }}>
      <button type="button" className="sf-button" onClick={() => dispatch(loginModalOpened())}>
        Open the login modal
      </button>
    </div>
  );
}

mountStandalone({
  name: 'mfe-account',
  links: [
    { to: '/', label: 'Modals' },
    { to: '/login', label: 'Login page' },
    { to: '/forgot-password', label: 'Forgot password' },
    { to: '/account', label: 'Account' },
    { to: '/order-status', label: 'Track an order' },
    { to: '/operator', label: 'Operator' },
  ],
  children: (
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/account/*" element={<AccountPage />} />
        <Route path="/order-status" element={<OrderLookupPage />} />
        <Route path="/operator/*" element={<OperatorPage />} />
        <Route path="*" element={<OpenModalButton />} />
      </Routes>
      <AccountModals />
    </>
  ),
});
