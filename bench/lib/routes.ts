/**
 * The routes the benchmarks and budgets measure, and the remote modules each one renders on a
 * first visit: its page, plus the header's search, which every page shows (shell/src/app/App.tsx).
 * The dropdowns and account modals load when first opened, the added-to-cart popup with the
 * shopper's first interaction.
 */
export const ALWAYS_LOADED = ['mfe-catalog/HeaderSearch'] as const;

export interface BenchRoute {
  route: 'home' | 'shop' | 'product' | 'cart';
  /** The path, with {product} for a product's link. */
  path: string;
  modules: readonly string[];
}

export const BENCH_ROUTES: readonly BenchRoute[] = [
  { route: 'home', path: '/', modules: ['mfe-catalog/HomePage', ...ALWAYS_LOADED] },
  { route: 'shop', path: '/shop', modules: ['mfe-catalog/ShopPage', ...ALWAYS_LOADED] },
  { route: 'product', path: '/product?id={product}', modules: ['mfe-product/ProductPage', ...ALWAYS_LOADED] },
  { route: 'cart', path: '/cart', modules: ['mfe-cart/CartPage', ...ALWAYS_LOADED] },
];
