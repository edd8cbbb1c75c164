/** The shop's layouts (docs/behaviour.md#screens), as the Shop mega-menu lists them. */
export const SHOP_LAYOUT_LINKS: readonly { to: string; label: string }[] = [
  { to: '/shop', label: 'Shop' },
  { to: '/shop/boxed-slider', label: 'Boxed with slider' },
  { to: '/shop/boxed-image', label: 'Boxed with banner' },
  { to: '/shop/right-sidebar', label: 'Right sidebar' },
  { to: '/shop/off-canvas', label: 'Off-canvas filters' },
  { to: '/shop/horizontal-filter-1', label: 'Filter panel' },
  { to: '/shop/horizontal-filter-2', label: 'Filter dropdowns' },
  { to: '/shop/list', label: 'List' },
  { to: '/shop/infinite-scroll', label: 'Infinite scroll' },
  ...[3, 4, 5, 6, 7, 8].map((columns) => ({ to: `/shop/${columns}cols`, label: `${columns} columns` })),
];

/** The product page's layouts: `/product/{layout}/{slug}`; '' is the plain `/product/{slug}`. */
export const PRODUCT_LAYOUT_LINKS: readonly { layout: string; label: string }[] = [
  { layout: '', label: 'Default' },
  { layout: 'custom-tab', label: 'Custom tab' },
  { layout: 'left-sidebar', label: 'Left sidebar' },
  { layout: 'right-sidebar', label: 'Right sidebar' },
  { layout: 'sticky-cart', label: 'Sticky cart' },
  { layout: 'extended', label: 'Extended' },
  { layout: 'grid', label: 'Grid gallery' },
  { layout: 'full-width', label: 'Full width' },
  { layout: 'sticky-info', label: 'Sticky info' },
  { layout: 'sticky-both', label: 'Sticky both' },
  { layout: 'transparent', label: 'Transparent' },
  { layout: 'center', label: 'Centred' },
];

export function productLayoutPath(layout: string, slug: string): string {
  return layout ? `/product/${layout}/${encodeURIComponent(slug)}` : `/product/${encodeURIComponent(slug)}`;
}

/** How many top-level categories the mega-menu shows. */
export const MEGA_MENU_CATEGORIES = 6;
