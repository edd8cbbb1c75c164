import type { CategorySchema, ColourSchema, PictureSchema, ProductCategorySchema, ProductSchema, SizeSchema, Static } from '@storefront/contracts';

/** An image of a product. `url` is relative to the asset host (see `assetUrl`). */
export interface Picture extends Static<typeof PictureSchema> {}

/** A colour a product comes in: its name, and the code its swatch is drawn in. */
export interface Colour extends Static<typeof ColourSchema> {}

/** A size: `name` is the short one used in cart keys (s, m, l, xl), `label` what shoppers read. */
export interface Size extends Static<typeof SizeSchema> {}

/** A category as it appears on a product: enough to link to the shop. */
export interface ProductCategory extends Static<typeof ProductCategorySchema> {}

/** A category of the catalogue tree; `parent` is the parent's name, or null at the top. */
export interface Category extends Static<typeof CategorySchema> {}

/**
 * The one product shape every part of the storefront uses. A product record may also come in
 * reading A or reading B (docs/behaviour.md#reading-a-and-reading-b); `normaliseProduct` turns
 * either into this.
 */
export interface Product extends Static<typeof ProductSchema> {}

/** Reading A of the product record (docs/behaviour.md#reading-a-and-reading-b), as a theme's sample data or an older api delivers it. */
export interface ProductReadingA {
  id: string | number;
  name: string;
  price: number;
  on_sale_price?: number | null;
  short_description?: string;
  sku?: string;
  categories?: { name: string; id?: string }[];
  has_variants?: boolean;
  sizes?: { name: string; label?: string }[];
  colours?: Colour[];
  small_pictures?: { url: string; width?: number; height?: number }[];
  large_pictures?: { url: string; width?: number; height?: number }[];
  total_ratings?: number;
  total_reviews?: number;
  is_popular?: boolean;
  out_of_stock?: boolean;
  available_stock?: number;
  stock?: number;
  link?: string;
}

/** Reading B of the product record (docs/behaviour.md#reading-a-and-reading-b). */
export interface ProductReadingB {
  id: string | number;
  name: string;
  description?: string;
  price: number;
  on_sale_price?: number | null;
  on_sale_until?: string | number | null;
  is_popular?: boolean;
  is_new?: boolean;
  out_of_stock?: boolean;
  has_variants?: boolean;
  available_stock?: number;
  ratings?: number;
  rating?: number;
  reviews?: number;
  categories?: string[];
  colours?: Colour[];
  sizes?: Size[];
  small_pictures?: Picture[];
  large_pictures?: Picture[];
}
