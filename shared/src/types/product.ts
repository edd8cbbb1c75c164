/** An image of a product. `url` is relative to the asset host (see `assetUrl`). */
export interface Picture {
  url: string;
  width: number;
  height: number;
  /** The colour the picture shows, when the product comes in several. */
  colour?: string;
}

export interface Colour {
  name: string;
  code: string;
}

export interface Size {
  /** Short name used in cart keys: s, m, l, xl. */
  name: string;
  /** What shoppers read: small, medium, large, extra large. */
  label: string;
}

/** A category as it appears on a product: enough to link to the shop. */
export interface ProductCategory {
  id: string;
  name: string;
}

/** A category of the catalogue tree; `parent` is the parent's name, or null at the top. */
export interface Category {
  id: string;
  name: string;
  parent: string | null;
}

/**
 * The one product shape every part of the storefront uses. The spec gives two readings of
 * the product record (§3 A and B); `normaliseProduct` turns either into this.
 */
export interface Product {
  id: string;
  /** URL value used by /product?id={link} and /product/{slug}. */
  link: string;
  name: string;
  sku: string;
  description: string;
  short_description: string;
  price: number;
  on_sale_price: number | null;
  on_sale_until: string | null;
  categories: ProductCategory[];
  has_variants: boolean;
  colours: Colour[];
  sizes: Size[];
  small_pictures: Picture[];
  large_pictures: Picture[];
  /** Average rating, 0 to 5. */
  rating: number;
  ratings_count: number;
  reviews_count: number;
  is_popular: boolean;
  is_new: boolean;
  out_of_stock: boolean;
  stock: number;
  available_stock: number;
}

/** Reading A of §3, as a theme's sample data or an older api delivers it. */
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

/** Reading B of §3. */
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
