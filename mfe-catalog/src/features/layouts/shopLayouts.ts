import type { ShopView } from '../shop/shopFilters';

/** Where a layout puts the filters. */
export type FilterPlacement = 'left' | 'right' | 'drawer' | 'toggle-panel' | 'dropdowns';

export interface ShopLayout {
  /** The path after /shop/; '' for /shop itself. */
  slug: string;
  name: string;
  filters: FilterPlacement;
  /** Columns on wide screens; fewer on narrow ones. */
  columns: number;
  view: ShopView;
  banner?: 'slider' | 'image';
  /** A narrower, framed page. */
  boxed?: boolean;
  /** Loads the next page as the shopper nears the end, instead of page links. */
  infinite?: boolean;
  /** Uses the whole width of the window (many columns need it). */
  fluid?: boolean;
}

const COLUMN_LAYOUTS: ShopLayout[] = [3, 4, 5, 6, 7, 8].map((columns) => ({
  slug: `${columns}cols`,
  name: `${columns} columns`,
  filters: 'drawer',
  columns,
  view: 'grid',
  fluid: columns >= 6,
}));

/** The shop's layouts (docs/behaviour.md#screens): each arranges the same list, filters and toolbar its own way. */
export const SHOP_LAYOUTS: readonly ShopLayout[] = [
  { slug: '', name: 'Shop', filters: 'left', columns: 3, view: 'grid' },
  { slug: 'boxed-slider', name: 'Boxed with slider', filters: 'left', columns: 3, view: 'grid', banner: 'slider', boxed: true },
  { slug: 'boxed-image', name: 'Boxed with banner', filters: 'left', columns: 3, view: 'grid', banner: 'image', boxed: true },
  { slug: 'right-sidebar', name: 'Right sidebar', filters: 'right', columns: 3, view: 'grid' },
  { slug: 'off-canvas', name: 'Off-canvas filters', filters: 'drawer', columns: 4, view: 'grid' },
  { slug: 'horizontal-filter-1', name: 'Filter panel', filters: 'toggle-panel', columns: 3, view: 'grid' },
  { slug: 'horizontal-filter-2', name: 'Filter dropdowns', filters: 'dropdowns', columns: 4, view: 'grid' },
  { slug: 'list', name: 'List', filters: 'left', columns: 1, view: 'list' },
  { slug: 'infinite-scroll', name: 'Infinite scroll', filters: 'left', columns: 3, view: 'grid', infinite: true },
  ...COLUMN_LAYOUTS,
];

/** The layout for the path after /shop/ ('' or undefined is /shop); undefined for an unknown one. */
export function findShopLayout(path: string | undefined): ShopLayout | undefined {
  const slug = (path ?? '').replace(/^\/+|\/+$/g, '').toLowerCase();
  return SHOP_LAYOUTS.find((layout) => layout.slug === slug);
}
