/**
 * The routes the benchmarks and budgets measure, and the remote modules each one renders on a
 * first visit: its page, plus, in the desktop header, the catalog's search
 * (shell/src/federation/routeModules.ts; the mobile header has none). The dropdowns and account
 * modals load when first opened, the added-to-cart popup with the shopper's first interaction.
 */
export const DESKTOP_HEADER_MODULES = ['mfe-catalog/HeaderSearch'] as const;

export type Viewport = 'desktop' | 'mobile';

export interface BenchRoute {
  route: 'home' | 'shop' | 'product' | 'cart';
  /** The path, with {product} for a product's link. */
  path: string;
  /** The page's own remote module (the desktop header adds DESKTOP_HEADER_MODULES). */
  modules: readonly string[];
  /**
   * Chunks of a remote (`remote/chunk-name`) that a phone loads only once it scrolls, but a
   * desktop's taller first screen shows the top of, so that it loads them at once.
   */
  desktopChunks?: readonly string[];
}

export const BENCH_ROUTES: readonly BenchRoute[] = [
  { route: 'home', path: '/', modules: ['mfe-catalog/HomePage'] },
  { route: 'shop', path: '/shop', modules: ['mfe-catalog/ShopPage'] },
  { route: 'product', path: '/product?id={product}', modules: ['mfe-product/ProductPage'], desktopChunks: ['mfe-product/later-product-lower'] },
  { route: 'cart', path: '/cart', modules: ['mfe-cart/CartPage'] },
];
