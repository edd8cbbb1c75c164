import { type AppStore, BrowserRouter, EmbedderContext, Provider, Route, Routes, ServerViewportWidth, Toasts, useLocation } from '@storefront/shared';
import { browserEmbedder } from '../federation/embedder';
import type { Composition, RemoteName } from '../federation/composition';
import type { RemoteModule } from '../federation/remoteModules';
import { StrictMode, Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { AccountModals } from '../layout/AccountModals';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { MiniPopupHost } from '../layout/MiniPopupHost';
import { PreviewBanner } from '../layout/PreviewBanner';
import { PageSkeleton, RemoteRegion } from '../layout/RemoteRegion';
import { SampleDataBanner } from '../layout/SampleDataBanner';
import { BottomNavbarSlot } from '../layout/BottomNavbarSlot';
import { hydrationViewportWidth, partHydrated, serverStateNow } from './hydration';
import { navigationParts, scrollToTopParts } from '../layout/laterParts';
import { showsScrollToTop } from '../behaviour/thresholds';
import { useScrollY } from '../behaviour/viewport';
import { useFirstInteraction } from '../behaviour/useFirstInteraction';
import { QuickViewHost } from '../layout/QuickViewHost';
import { ShellPageViewsContext } from './shellPageViews';

function ShellPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSkeleton />}>{children}</Suspense>;
}

/** The pages remotes draw: where, which module, and how the messages name it. */
const REMOTE_PAGES: readonly { path: string; remote: RemoteName; module: RemoteModule<RemoteName>; label: string }[] = [
  { path: '/', remote: 'mfe-catalog', module: 'HomePage', label: 'the home page' },
  { path: '/shop/*', remote: 'mfe-catalog', module: 'ShopPage', label: 'the shop' },
  { path: '/product/*', remote: 'mfe-product', module: 'ProductPage', label: 'the product page' },
  { path: '/cart', remote: 'mfe-cart', module: 'CartPage', label: 'the cart' },
  { path: '/wishlist', remote: 'mfe-cart', module: 'WishlistPage', label: 'the wishlist' },
  { path: '/checkout', remote: 'mfe-cart', module: 'CheckoutPage', label: 'the checkout' },
  { path: '/checkout/complete/:id', remote: 'mfe-cart', module: 'OrderCompletePage', label: 'your order' },
  { path: '/login', remote: 'mfe-account', module: 'LoginPage', label: 'sign in' },
  { path: '/forgot-password', remote: 'mfe-account', module: 'ForgotPasswordPage', label: 'password reset' },
  { path: '/reset-password', remote: 'mfe-account', module: 'ResetPasswordPage', label: 'password reset' },
  { path: '/account/*', remote: 'mfe-account', module: 'AccountPage', label: 'your account' },
  { path: '/operator/*', remote: 'mfe-account', module: 'OperatorPage', label: 'the shop’s orders' },
  { path: '/order-status', remote: 'mfe-account', module: 'OrderLookupPage', label: 'order tracking' },
];

/**
 * The document's title and description for the page in view, and focus moved to a new page. The
 * server's page came with its title: their code loads with the first interaction or navigation
 * (laterParts.ts).
 */
function Navigation() {
  const location = useLocation();
  const [firstPath] = useState(location.pathname);
  const interacted = useFirstInteraction();
  const parts = navigationParts.useLoaded(hydrationViewportWidth() === undefined || interacted || location.key !== 'default');
  if (!parts) return null;
  return (
    <>
      <parts.PageMetaEffects />
      <parts.RouteFocus firstPath={firstPath} />
    </>
  );
}

/** The back-to-top button, its code loaded when the page has scrolled far enough to show it. */
function BackToTop() {
  const parts = scrollToTopParts.useLoaded(showsScrollToTop(useScrollY()));
  return parts ? <parts.ScrollToTop /> : null;
}

function Pages() {
  const { pathname } = useLocation();
  // Loaded when visited in the browser; the server bundle's own when it draws them (shellPageViews.ts).
  const { AboutPage, ContactPage, LegalPages, NewsletterPages, NotFoundPage } = use(ShellPageViewsContext);
  return (
    <Routes>
      {REMOTE_PAGES.map(({ path, remote, module, label }) => (
        <Route key={path} path={path} element={<RemoteRegion key={path} remote={remote} module={module} path={path} label={label} resetKey={pathname} />} />
      ))}
      <Route path="/about" element={<ShellPage><AboutPage /></ShellPage>} />
      <Route path="/contact" element={<ShellPage><ContactPage /></ShellPage>} />
      {/* The shop's disclosures and policies (app/shellPages.ts), one chunk for all five. */}
      <Route path="/legal/*" element={<ShellPage><LegalPages /></ShellPage>} />
      {/* The pages the newsletter's mails link to: /newsletter/confirm and /newsletter/unsubscribe. */}
      <Route path="/newsletter/*" element={<ShellPage><NewsletterPages /></ShellPage>} />
      <Route path="*" element={<ShellPage><NotFoundPage /></ShellPage>} />
    </Routes>
  );
}

/** Everything inside the store and the router: the browser's App and the server's render share it. */
export function Frame({ preview = [], previewRefused = [] }: { preview?: Composition['preview']; previewRefused?: Composition['previewRefused'] }) {
  return (
    <>
      <a className="shell-skip-link" href="#main">
        Skip to content
      </a>
      <PreviewBanner preview={preview} refused={previewRefused} />
      <Header />
      <SampleDataBanner />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Pages />
      </main>
      <Navigation />
      <Footer />
      <BottomNavbarSlot />
      <BackToTop />
      <AccountModals />
      <MiniPopupHost />
      <QuickViewHost />
      <Toasts />
    </>
  );
}

/** The frame is hydrated (this runs after React committed it): it is live, and the taps held on it are replayed. */
function useFrameHydrated(hydrating: boolean) {
  useEffect(() => {
    const root = document.getElementById('root');
    if (hydrating && root) partHydrated(root);
  }, [hydrating]);
}

/**
 * The browser's page. `hydrating`: it hydrates the page the server drew (bootstrap.tsx), with the
 * state and the viewport width the server drew it with (app/hydration.ts).
 */
export function App({
  store,
  preview = [],
  previewRefused = [],
  hydrating = false,
}: {
  store: AppStore;
  preview?: Composition['preview'];
  previewRefused?: Composition['previewRefused'];
  hydrating?: boolean;
}) {
  useFrameHydrated(hydrating);
  const [serverState] = useState(() => (hydrating ? serverStateNow(store) : undefined));
  return (
    <StrictMode>
      <Provider store={store} {...(serverState ? { serverState } : {})}>
        <BrowserRouter>
          <ServerViewportWidth value={hydrationViewportWidth() ?? 1280}>
            <EmbedderContext value={browserEmbedder}>
              <Frame preview={preview} previewRefused={previewRefused} />
            </EmbedderContext>
          </ServerViewportWidth>
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
}
