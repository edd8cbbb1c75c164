import { Type } from 'typebox';
import { IdentifierSchema, Nullable } from './common';
import { PictureSchema } from './product';

/** The largest quantity a request may ask for; lines are capped at stock anyway. */
export const MAX_QTY = 10_000;

/**
 * A line of the shopper's cart (shared `CartItem`), priced and described from the catalogue,
 * never from the client.
 */
export const CartItemSchema = Type.Object(
  {
    /** The cart line key (see shared's `cartLineKey`). */
    id: Type.String(),
    product_id: Type.String(),
    link: Type.String(),
    name: Type.String(),
    /** Unit price the shopper pays: the sale price while on sale. */
    price: Type.Number({ minimum: 0 }),
    has_variants: Type.Boolean(),
    small_pictures: Type.Array(PictureSchema),
    qty: Type.Integer({ minimum: 1 }),
    size: Nullable(Type.String()),
    colour: Nullable(Type.String()),
    colour_code: Nullable(Type.String()),
    available_stock: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/**
 * What the storefront sends to add or update a cart line (shared `CartItemPayload`): `id` is the
 * line key, and size and colour the variant chosen. Name, price, variants flag, pictures and
 * colour code are accepted because the storefront sends them, but the line is built from the
 * catalogue, so they are optional and unread.
 */
export const CartItemPayloadSchema = Type.Object(
  {
    id: IdentifierSchema,
    name: Type.Optional(Type.String({ maxLength: 500 })),
    price: Type.Optional(Type.Number({ minimum: 0 })),
    has_variants: Type.Optional(Type.Boolean()),
    small_pictures: Type.Optional(Type.Array(PictureSchema, { maxItems: 50 })),
    qty: Type.Integer({ minimum: 1, maximum: MAX_QTY }),
    size: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    colour: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    colour_code: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  },
  { additionalProperties: false },
);
