import type { Picture, Product } from './product';

/** A line of the shopper's cart. `id` is the cart line key (see `cartLineKey`). */
export interface CartItem {
  id: string;
  product_id: string;
  link: string;
  name: string;
  /** Unit price the shopper pays: the sale price while on sale. */
  price: number;
  has_variants: boolean;
  small_pictures: Picture[];
  qty: number;
  size: string | null;
  colour: string | null;
  colour_code: string | null;
  available_stock: number;
}

/** What the storefront sends to add or update a cart line (§7). */
export interface CartItemPayload {
  id: string;
  name: string;
  price: number;
  has_variants: boolean;
  small_pictures: Picture[];
  qty: number;
  size?: string;
  colour?: string;
  colour_code?: string;
}

/** A wishlist entry is the product record itself; it is added and removed by its id. */
export type WishlistItem = Product;
