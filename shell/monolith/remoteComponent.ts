/**
 * The monolith build's stand-in for src/federation/remoteComponent.ts (webpack.monolith.ts swaps
 * it in): the same functions, on the same loader (src/federation/moduleLoader.ts), but each
 * remote's exposed module is imported from its sources and bundled into the shell, split by route
 * with import() as a real single build would be. It exists only so `npm run bench` can measure
 * what run-time composition costs against one build.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RemoteName } from '../src/federation/composition';
import { moduleLoader, type ExposedComponent } from '../src/federation/moduleLoader';
import type { ModuleRef } from '../src/federation/routeModules';
import type { TrackedLoad } from '../src/federation/trackedLoad';

/** Each module's own props are checked where RemoteRegion passes them, as with loadRemote. */
type Loader = () => Promise<{ default: ComponentType<never> }>;

/**
 * Every module of REMOTE_MODULES, from the folder the remote's webpack config exposes it from. Named
 * page-*: loaded from the entry for the page that needs it, as the composed shell does, and not
 * preloaded by index.html (FirstLoadPlugin), as the composed shell's remote chunks are not.
 */
const MODULES: Record<string, Loader> = {
  'mfe-catalog/HomePage': () => import(/* webpackChunkName: "page-mfe-catalog-HomePage" */ '../../mfe-catalog/src/exposes/HomePage'),
  'mfe-catalog/ShopPage': () => import(/* webpackChunkName: "page-mfe-catalog-ShopPage" */ '../../mfe-catalog/src/exposes/ShopPage'),
  'mfe-catalog/HeaderSearch': () => import(/* webpackChunkName: "page-mfe-catalog-HeaderSearch" */ '../../mfe-catalog/src/exposes/HeaderSearch'),
  'mfe-product/ProductPage': () => import(/* webpackChunkName: "page-mfe-product-ProductPage" */ '../../mfe-product/src/exposes/ProductPage'),
  'mfe-product/QuickView': () => import(/* webpackChunkName: "page-mfe-product-QuickView" */ '../../mfe-product/src/exposes/QuickView'),
  'mfe-cart/HeaderLists': () => import(/* webpackChunkName: "page-mfe-cart-HeaderLists" */ '../../mfe-cart/src/exposes/HeaderLists'),
  'mfe-cart/ListCount': () => import(/* webpackChunkName: "page-mfe-cart-ListCount" */ '../../mfe-cart/src/exposes/ListCount'),
  'mfe-cart/CartPage': () => import(/* webpackChunkName: "page-mfe-cart-CartPage" */ '../../mfe-cart/src/exposes/CartPage'),
  'mfe-cart/WishlistPage': () => import(/* webpackChunkName: "page-mfe-cart-WishlistPage" */ '../../mfe-cart/src/exposes/WishlistPage'),
  'mfe-cart/CheckoutPage': () => import(/* webpackChunkName: "page-mfe-cart-CheckoutPage" */ '../../mfe-cart/src/exposes/CheckoutPage'),
  'mfe-cart/OrderCompletePage': () => import(/* webpackChunkName: "page-mfe-cart-OrderCompletePage" */ '../../mfe-cart/src/exposes/OrderCompletePage'),
  'mfe-cart/MiniPopup': () => import(/* webpackChunkName: "page-mfe-cart-MiniPopup" */ '../../mfe-cart/src/exposes/MiniPopup'),
  'mfe-cart/AddToCart': () => import(/* webpackChunkName: "page-mfe-cart-AddToCart" */ '../../mfe-cart/src/exposes/AddToCart'),
  'mfe-cart/WishlistToggle': () => import(/* webpackChunkName: "page-mfe-cart-WishlistToggle" */ '../../mfe-cart/src/exposes/WishlistToggle'),
  'mfe-account/AccountModals': () => import(/* webpackChunkName: "page-mfe-account-AccountModals" */ '../../mfe-account/src/exposes/AccountModals'),
  'mfe-account/LoginPage': () => import(/* webpackChunkName: "page-mfe-account-LoginPage" */ '../../mfe-account/src/exposes/LoginPage'),
  'mfe-account/ForgotPasswordPage': () => import(/* webpackChunkName: "page-mfe-account-ForgotPasswordPage" */ '../../mfe-account/src/exposes/ForgotPasswordPage'),
  'mfe-account/ResetPasswordPage': () => import(/* webpackChunkName: "page-mfe-account-ResetPasswordPage" */ '../../mfe-account/src/exposes/ResetPasswordPage'),
  'mfe-account/AccountPage': () => import(/* webpackChunkName: "page-mfe-account-AccountPage" */ '../../mfe-account/src/exposes/AccountPage'),
  'mfe-account/OperatorPage': () => import(/* webpackChunkName: "page-mfe-account-OperatorPage" */ '../../mfe-account/src/exposes/OperatorPage'),
  'mfe-account/OrderLookupPage': () => import(/* webpackChunkName: "page-mfe-account-OrderLookupPage" */ '../../mfe-account/src/exposes/OrderLookupPage'),
};

const loader = moduleLoader((remote, module, evaluated) => {
  const key = `${remote}/${module}`;
  const load = MODULES[key];
  if (!load) return Promise.reject(new Error(`the monolith has no module ${key}`));
  return (load() as Promise<ExposedComponent>).then((exposed) => {
    evaluated();
    return exposed;
  });
});

export const { onRemoteModuleEvaluated, startLoadingRemoteModules, prefetchRemotePageData, forgetRemoteComponent, remoteModuleArrived, loadStartedAt } = loader;

/** A module's exports, loaded once. */
export function loadRemoteModule(remote: RemoteName, module: string): TrackedLoad<ExposedComponent> {
  return loader.loadModule(remote, module);
}

/** As the composed shell does: the page's modules start loading before React asks for them. */
export function preloadModules(modules: readonly ModuleRef[]): void {
  for (const { remote, module } of modules) loader.loadModule(remote, module).catch(() => undefined);
}

export function remoteVersionInUse(_remote: RemoteName): string | undefined {
  return 'monolith';
}

export function remoteComponent<Props extends object>(remote: RemoteName, module: string): LazyExoticComponent<ComponentType<Props>> {
  if (!MODULES[`${remote}/${module}`]) throw new Error(`the monolith has no module ${remote}/${module}`);
  return loader.remoteComponent<Props>(remote, module);
}
