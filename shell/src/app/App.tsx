import { type AppStore, BrowserRouter, Provider, Route, Routes, SERVER_RENDERED_ATTRIBUTE, Toasts, useLocation } from '@storefront/shared';
import type { Composition } from '../federation/composition';
import { lazy, StrictMode, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { AccountModals } from '../layout/AccountModals';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { MiniPopupHost } from '../layout/MiniPopupHost';
import { PreviewBanner } from '../layout/PreviewBanner';
import { PageSkeleton, RemoteRegion } from '../layout/RemoteRegion';
import { SampleDataBanner } from '../layout/SampleDataBanner';
import { BottomNavbarSlot } from '../layout/BottomNavbarSlot';
import { ScrollToTop } from '../layout/ScrollToTop';
import { usePageMeta } from './pageMeta';
import { useRouteFocus } from './useRouteFocus';
import { QuickViewHost } from '../layout/QuickViewHost';

// The shell's own pages load when visited, not with every first page. Their chunks are named
// page-*, which bench/lib/firstLoad.ts leaves out of the first-load budgets of the other routes.
const AboutPage = lazy(() => import(/* webpackChunkName: "page-about" */ '../pages/AboutPage').then((module) => ({ default: module.AboutPage })));
const ContactPage = lazy(() => import(/* webpackChunkName: "page-contact" */ '../pages/ContactPage').then((module) => ({ default: module.ContactPage })));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ '../pages/NotFoundPage').then((module) => ({ default: module.NotFoundPage })));

function ShellPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSkeleton />}>{children}</Suspense>;
}

function Pages() {
  const { pathname } = useLocation();
  usePageMeta();
  useRouteFocus();
  return (
    <Routes>
      <Route path="/" element={<RemoteRegion remote="mfe-catalog" module="HomePage" label="the home page" resetKey={pathname} />} />
      <Route path="/shop/*" element={<RemoteRegion remote="mfe-catalog" module="ShopPage" label="the shop" resetKey={pathname} />} />
      <Route path="/product/*" element={<RemoteRegion remote="mfe-product" module="ProductPage" label="the product page" resetKey={pathname} />} />
      <Route path="/cart" element={<RemoteRegion remote="mfe-cart" module="CartPage" label="the cart" resetKey={pathname} />} />
      <Route path="/wishlist" element={<RemoteRegion remote="mfe-cart" module="WishlistPage" label="the wishlist" resetKey={pathname} />} />
      <Route path="/checkout" element={<RemoteRegion remote="mfe-cart" module="CheckoutPage" label="the checkout" resetKey={pathname} />} />
      <Route path="/checkout/complete/:id" element={<RemoteRegion remote="mfe-cart" module="OrderCompletePage" label="your order" resetKey={pathname} />} />
      <Route path="/login" element={<RemoteRegion remote="mfe-account" module="LoginPage" label="sign in" resetKey={pathname} />} />
      <Route path="/forgot-password" element={<RemoteRegion remote="mfe-account" module="ForgotPasswordPage" label="password reset" resetKey={pathname} />} />
      <Route path="/reset-password" element={<RemoteRegion remote="mfe-account" module="ResetPasswordPage" label="password reset" resetKey={pathname} />} />
      <Route path="/account/*" element={<RemoteRegion remote="mfe-account" module="AccountPage" label="your account" resetKey={pathname} />} />
      <Route path="/about" element={<ShellPage><AboutPage /></ShellPage>} />
      <Route path="/contact" element={<ShellPage><ContactPage /></ShellPage>} />
      <Route path="*" element={<ShellPage><NotFoundPage /></ShellPage>} />
    </Routes>
  );
}

/** Everything inside the store and the router: the browser's App and the server's render share it. */
export function Frame({ preview = [] }: { preview?: Composition['preview'] }) {
  return (
    <>
      <a className="shell-skip-link" href="#main">
        Skip to content
      </a>
      <PreviewBanner preview={preview} />
      <Header />
      <SampleDataBanner />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Pages />
      </main>
      <Footer />
      <BottomNavbarSlot />
      <ScrollToTop />
      <AccountModals />
      <MiniPopupHost />
      <QuickViewHost />
      <Toasts />
    </>
  );
}

/**
 * The first render has just replaced the first screen the server sent (edge/src/serverRender.ts),
 * in the same commit: the page now answers taps and keys, and the server's copy of the styles
 * (the page's own are in by now) goes.
 */
function useTakeOverFromServer() {
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('inert');
    root?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
    document.querySelectorAll(`style[${SERVER_RENDERED_ATTRIBUTE}]`).forEach((style) => style.remove());
  }, []);
}

export function App({ store, preview = [] }: { store: AppStore; preview?: Composition['preview'] }) {
  useTakeOverFromServer();
  return (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <Frame preview={preview} />
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
}
