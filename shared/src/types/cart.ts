import type { CartItemPayloadSchema, CartItemSchema, Static } from '@storefront/contracts';
import type { Product } from './product';

/** A line of the shopper's cart. `id` is the cart line key (see `cartLineKey`). */
export interface CartItem extends Static<typeof CartItemSchema> {}

/**
 * What the storefront sends to add or update a cart line: the line's key, the quantity and, for a
 * product with variants, the size, colour and colour code. The api builds the line from the
 * catalogue: it reads the id, quantity and variant, and takes the rest (name, price, pictures) as
 * sent, unread.
 */
export interface CartItemPayload extends Static<typeof CartItemPayloadSchema> {}

/** A wishlist entry is the product record itself; it is added and removed by its id. */
export type WishlistItem = Product;
