import { Type } from 'typebox';
import { IdentifierSchema, Nullable } from './common';

/** An image of a product (shared `Picture`). `url` is relative to the asset host (see `assetUrl`). */
export const PictureSchema = Type.Object(
  {
    url: Type.String({ maxLength: 2000 }),
    width: Type.Integer({ minimum: 1, maximum: 10000 }),
    height: Type.Integer({ minimum: 1, maximum: 10000 }),
    /** The colour the picture shows, when the product comes in several. */
    colour: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: false },
);

/** A colour a product comes in (shared `Colour`). */
export const ColourSchema = Type.Object(
  { name: Type.String({ maxLength: 50 }), code: Type.String({ maxLength: 50 }) },
  { additionalProperties: false },
);

/** A size a product comes in (shared `Size`). */
export const SizeSchema = Type.Object(
  {
    /** Short name used in cart keys: s, m, l, xl. */
    name: Type.String({ maxLength: 20 }),
    /** What shoppers read: small, medium, large, extra large. */
    label: Type.String({ maxLength: 50 }),
  },
  { additionalProperties: false },
);

/** A category as it appears on a product: enough to link to the shop (shared `ProductCategory`). */
export const ProductCategorySchema = Type.Object(
  { id: Type.String({ maxLength: 100 }), name: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);

/** A category of the catalogue tree (shared `Category`). */
export const CategorySchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    /** The parent's name, or null at the top. */
    parent: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

const productProperties = {
  id: IdentifierSchema,
  /** URL value used by /product?id={link} and /product/{slug}. */
  link: Type.String({ maxLength: 300 }),
  name: Type.String({ maxLength: 500 }),
  sku: Type.String({ maxLength: 100 }),
  description: Type.String({ maxLength: 20000 }),
  short_description: Type.String({ maxLength: 5000 }),
  price: Type.Number({ minimum: 0 }),
  on_sale_price: Nullable(Type.Number({ minimum: 0 })),
  on_sale_until: Nullable(Type.String({ maxLength: 100 })),
  categories: Type.Array(ProductCategorySchema, { maxItems: 50 }),
  has_variants: Type.Boolean(),
  colours: Type.Array(ColourSchema, { maxItems: 50 }),
  sizes: Type.Array(SizeSchema, { maxItems: 50 }),
  small_pictures: Type.Array(PictureSchema, { maxItems: 50 }),
  large_pictures: Type.Array(PictureSchema, { maxItems: 50 }),
  /** Average rating, 0 to 5. */
  rating: Type.Number({ minimum: 0, maximum: 5 }),
  ratings_count: Type.Integer({ minimum: 0 }),
  reviews_count: Type.Integer({ minimum: 0 }),
  is_popular: Type.Boolean(),
  is_new: Type.Boolean(),
  out_of_stock: Type.Boolean(),
  stock: Type.Integer({ minimum: 0 }),
  available_stock: Type.Integer({ minimum: 0 }),
};

/**
 * The one product shape every part of the storefront uses (shared `Product`), as every product
 * answer carries it. A product record may also come in reading A or reading B
 * (docs/behaviour.md#reading-a-and-reading-b); shared's `normaliseProduct` turns either into this.
 */
export const ProductSchema = Type.Object(productProperties, { additionalProperties: false });

/**
 * What the storefront posts to the wishlist: the product record it holds. Only `id` is read;
 * the rest may be there, stale or partial, but nothing outside the product shape.
 */
export const WishlistPayloadSchema = Type.Object(
  { ...Type.Partial(ProductSchema).properties, id: IdentifierSchema },
  { additionalProperties: false },
);
