/**
 * Which remote modules a page renders on arrival, by its path: what the shell preloads as soon as
 * the composition is known, before React asks for them. Mirrors the routes of app/App.tsx.
 */
import type { REMOTE_MODULES, RemoteModule } from './remoteModules';

// Free of imports but the import-free remoteModules.ts: the edge reads it too, through the shell's
// package entry `shell/routes`, to have index.html preload what the page will load.
type RemoteName = keyof typeof REMOTE_MODULES;

export interface ModuleRef<Remote extends RemoteName = RemoteName> {
  remote: Remote;
  module: RemoteModule<Remote>;
}

const PAGES: [RegExp, ModuleRef][] = [
  [/^\/$/, { remote: 'mfe-catalog', module: 'HomePage' }],
  [/^\/shop(\/|$)/, { remote: 'mfe-catalog', module: 'ShopPage' }],
  [/^\/product(\/|$)/, { remote: 'mfe-product', module: 'ProductPage' }],
  [/^\/cart\/?$/, { remote: 'mfe-cart', module: 'CartPage' }],
  [/^\/wishlist\/?$/, { remote: 'mfe-cart', module: 'WishlistPage' }],
  [/^\/checkout\/complete\//, { remote: 'mfe-cart', module: 'OrderCompletePage' }],
  [/^\/checkout\/?$/, { remote: 'mfe-cart', module: 'CheckoutPage' }],
  [/^\/login\/?$/, { remote: 'mfe-account', module: 'LoginPage' }],
  [/^\/forgot-password\/?$/, { remote: 'mfe-account', module: 'ForgotPasswordPage' }],
  [/^\/reset-password\/?$/, { remote: 'mfe-account', module: 'ResetPasswordPage' }],
  [/^\/account(\/|$)/, { remote: 'mfe-account', module: 'AccountPage' }],
  [/^\/operator(\/|$)/, { remote: 'mfe-account', module: 'OperatorPage' }],
  [/^\/order-status\/?$/, { remote: 'mfe-account', module: 'OrderLookupPage' }],
];

/**
 * The page's own module, if a remote draws the page. Nothing else loads with it: the desktop
 * header's search loads when the shopper reaches for it (layout/HeaderSearchSlot.tsx), the
 * added-to-cart popup with the first interaction (layout/MiniPopupHost.tsx), the dropdowns and
 * account modals when opened.
 */
export function pageModuleForPath(pathname: string): ModuleRef | undefined {
  return PAGES.find(([pattern]) => pattern.test(pathname))?.[1];
}

/** The same, as the list of modules to load with the page. */
export function modulesForPath(pathname: string): ModuleRef[] {
  const page = pageModuleForPath(pathname);
  return page ? [page] : [];
}
