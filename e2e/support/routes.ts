/**
 * The routes the benchmarks and budgets measure, and the remote modules each one renders on a
 * first visit: its page (shell/src/federation/routeModules.ts). The desktop header's search loads
 * when the shopper reaches for it, the dropdowns and account modals when first opened, the
 * added-to-cart popup with the shopper's first interaction. The cart's Add to Cart on a product
 * page is drawn by the server and its code loads once the first load is done or at the first
 * interaction (shell/src/behaviour/afterFirstLoad.ts), so a product page's first load leaves it out.
 */

export type Viewport = 'desktop' | 'mobile';

export interface BenchRoute {
  route: 'home' | 'shop' | 'product' | 'cart';
  /** The path, with {product} for a product's link. */
  path: string;
  /** The page's own remote module. */
  modules: readonly string[];
  /**
   * Chunks of a remote (`remote/chunk-name`) that a phone loads only once it scrolls or opens
   * them, but a desktop's first screen shows, so that it loads them at once.
   */
  desktopChunks?: readonly string[];
}

export const BENCH_ROUTES: readonly BenchRoute[] = [
  { route: 'home', path: '/', modules: ['mfe-catalog/HomePage'] },
  // A desktop shows the sidebar's filters at once; a phone's open in a drawer, and load then.
  { route: 'shop', path: '/shop', modules: ['mfe-catalog/ShopPage'], desktopChunks: ['mfe-catalog/later-shop-filters'] },
  { route: 'product', path: '/product?id={product}', modules: ['mfe-product/ProductPage'], desktopChunks: ['mfe-product/later-product-lower'] },
  { route: 'cart', path: '/cart', modules: ['mfe-cart/CartPage'] },
];
