/**
 * The monolith build's stand-in for src/federation/remoteComponent.ts (webpack.monolith.ts swaps
 * it in): the same functions, but each remote's exposed module is imported from its sources and
 * bundled into the shell, split by route with import() as a real single build would be. It exists
 * only so `npm run bench` can measure what run-time composition costs against one build.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppStore } from '@storefront/shared';
import type { RemoteName } from '../src/federation/composition';
import { prefetchFromModules, type PageLocation } from '../src/federation/pageData';
import type { ModuleRef } from '../src/federation/routeModules';
import { forLazy, trackLoad, type TrackedLoad } from '../src/federation/trackedLoad';

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

type Exposed = { default: ComponentType<object>; prefetchPageData?: unknown };
const loads = new Map<string, TrackedLoad<Exposed>>();
const evaluatedListeners = new Set<() => void>();

/** As the composed shell's: `listener` runs each time a module has been evaluated, before whoever loaded it hears of it. */
export function onRemoteModuleEvaluated(listener: () => void): void {
  evaluatedListeners.add(listener);
}

function evaluated(module: Exposed): Exposed {
  for (const listener of evaluatedListeners) listener();
  return module;
}

function loadModule(key: string): TrackedLoad<Exposed> {
  let load = loads.get(key);
  if (!load) {
    const loader = MODULES[key];
    load = trackLoad(loader ? (loader() as Promise<Exposed>).then(evaluated) : Promise.reject(new Error(`the monolith has no module ${key}`)));
    loads.set(key, load);
  }
  return load;
}

/** A module's exports, loaded once. */
export function loadRemoteModule(remote: RemoteName, module: string): TrackedLoad<Exposed> {
  return loadModule(`${remote}/${module}`);
}

/** As the composed shell does: the page's modules start loading before React asks for them. */
export function preloadModules(modules: readonly ModuleRef[]): void {
  for (const { remote, module } of modules) loadModule(`${remote}/${module}`).catch(() => undefined);
}

/** Started already from the entry (compositionRequest.ts); settles when they are all in. */
export function startLoadingRemoteModules(modules: readonly ModuleRef[]): Promise<void> {
  return Promise.allSettled(modules.map(({ remote, module }) => loadModule(`${remote}/${module}`))).then(() => undefined);
}

/** As the composed shell does: the page modules' own first data (src/federation/pageData.ts). */
export function prefetchRemotePageData(modules: readonly ModuleRef[], store: AppStore, location: PageLocation): Promise<void> {
  return prefetchFromModules(
    modules.map(({ remote, module }) => loadModule(`${remote}/${module}`)),
    store,
    location,
  );
}

export function remoteVersionInUse(_remote: RemoteName): string | undefined {
  return 'monolith';
}

const components = new Map<string, LazyExoticComponent<ComponentType<object>>>();

export function remoteComponent<Props extends object>(remote: RemoteName, module: string): LazyExoticComponent<ComponentType<Props>> {
  const key = `${remote}/${module}`;
  let component = components.get(key);
  if (!component) {
    if (!MODULES[key]) throw new Error(`the monolith has no module ${key}`);
    // As in the composed shell: a module that has arrived is drawn on the first render.
    component = lazy(() => forLazy(loadModule(key)));
    components.set(key, component);
  }
  return component as LazyExoticComponent<ComponentType<Props>>;
}

export function forgetRemoteComponent(remote: RemoteName, module: string): void {
  components.delete(`${remote}/${module}`);
  loads.delete(`${remote}/${module}`);
}

/** As the composed shell's: whether the module has arrived. */
export function remoteModuleArrived(remote: RemoteName, module: string): boolean {
  return loads.get(`${remote}/${module}`)?.status === 'fulfilled';
}

/** As the composed shell's: when the module began loading (performance.now()), if it has. */
export function loadStartedAt(remote: RemoteName, module: string): number | undefined {
  return loads.get(`${remote}/${module}`)?.startedAt;
}
