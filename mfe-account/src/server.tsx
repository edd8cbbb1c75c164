/**
 * The account remote's server container (server/remoteEntry.js beside its manifest, exposing ./render): the sign-in and
 * password pages, forms that need no data, rendered by the shell's server for a first visit
 * (shared/src/ssr/contract.ts); the reset page is where a mailed link lands. The account page
 * itself is not: it sends a signed-out shopper to sign in, which is the browser's to do.
 */
import { regionRenderer } from '@storefront/shared/ssr/server';
import ForgotPasswordPage from './exposes/ForgotPasswordPage';
import LoginPage from './exposes/LoginPage';
import ResetPasswordPage from './exposes/ResetPasswordPage';

export const renderRegion = regionRenderer({
  LoginPage: { path: '/login', Component: LoginPage },
  ForgotPasswordPage: { path: '/forgot-password', Component: ForgotPasswordPage },
  ResetPasswordPage: { path: '/reset-password', Component: ResetPasswordPage },
});
