/**
 * The product page's layouts (docs/behaviour.md#screens): `/product?id=` and `/product/{slug}` use the default one,
 * `/product/{layout}/{slug}` the others.
 */
export const PRODUCT_LAYOUTS = [
  'default',
  'custom-tab',
  'left-sidebar',
  'right-sidebar',
  'sticky-cart',
  'extended',
  'grid',
  'full-width',
  'sticky-info',
  'sticky-both',
  'transparent',
  'center',
] as const;

export type ProductLayoutName = (typeof PRODUCT_LAYOUTS)[number];

/** How the pictures are laid out: a main picture with thumbnails, or every picture large. */
export type GalleryStyle = 'thumbs-below' | 'thumbs-beside' | 'grid' | 'stacked' | 'strip';

export interface ProductLayout {
  name: ProductLayoutName;
  gallery: GalleryStyle;
  /** Related products and trust notes beside the product instead of related products below it. */
  sidebar: 'left' | 'right' | null;
  /** Name, price and description in one column and the options and buttons in another. */
  splitInfo: boolean;
  /** The tab with this shop's delivery notes, shown first. */
  customTab: boolean;
  /** The sticky add-to-cart bar on wide screens too (narrow screens always have it). */
  stickyCartOnWideScreens: boolean;
}

const DEFAULTS: Omit<ProductLayout, 'name'> = {
  gallery: 'thumbs-below',
  sidebar: null,
  splitInfo: false,
  customTab: false,
  stickyCartOnWideScreens: false,
};

const OVERRIDES: Record<ProductLayoutName, Partial<ProductLayout>> = {
  default: {},
  'custom-tab': { customTab: true },
  'left-sidebar': { sidebar: 'left' },
  'right-sidebar': { sidebar: 'right' },
  'sticky-cart': { gallery: 'thumbs-beside', stickyCartOnWideScreens: true },
  extended: { gallery: 'strip', splitInfo: true },
  grid: { gallery: 'grid' },
  'full-width': { gallery: 'thumbs-beside' },
  'sticky-info': { gallery: 'stacked' },
  'sticky-both': { gallery: 'stacked', splitInfo: true },
  transparent: {},
  center: {},
};

export function productLayout(name: ProductLayoutName): ProductLayout {
  return { ...DEFAULTS, ...OVERRIDES[name], name };
}

export function isProductLayoutName(value: string): value is ProductLayoutName {
  return (PRODUCT_LAYOUTS as readonly string[]).includes(value);
}

/** Where a product is shown in a layout: the canonical `/product?id=` for the default one. */
export function productHref(link: string, layout: ProductLayoutName = 'default'): string {
  return layout === 'default'
    ? `/product?id=${encodeURIComponent(link)}`
    : `/product/${layout}/${encodeURIComponent(link)}`;
}
