import { Type } from 'typebox';
import { Nullable, RequiredText } from './common';

/**
 * The shop's staff editing products (/operator/products): operators whose account also has the
 * catalogue role. Every write is checked here and again by the api's rules.
 */

/** Why a stock count changes: units arrived, the shelf was counted, or units were damaged or lost. */
export const STOCK_REASONS = ['received', 'counted', 'damaged'] as const;
const StockReasonSchema = Type.Union([Type.Literal('received'), Type.Literal('counted'), Type.Literal('damaged')]);

const Money = Type.Number({ minimum: 0, maximum: 9_999_999.99, multipleOf: 0.01 });
const Moment = Type.String({ format: 'date-time', maxLength: 40 });

/** A sale: the price it sells at, and when the sale starts and ends (null: now, and until it is taken off). */
export const ProductSaleSchema = Type.Object(
  {
    price: Money,
    starts_at: Nullable(Moment),
    ends_at: Nullable(Moment),
  },
  { additionalProperties: false },
);

/** What the product form edits. Colours and sizes are names (lower case); a new one is added to the shop. */
export const EditableProductSchema = Type.Object(
  {
    name: RequiredText(500),
    description: Type.String({ maxLength: 20_000 }),
    categories: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10, uniqueItems: true }),
    colours: Type.Array(Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }), { maxItems: 20, uniqueItems: true }),
    sizes: Type.Array(Type.String({ minLength: 1, maxLength: 20, pattern: '\\S' }), { maxItems: 20, uniqueItems: true }),
    price: Money,
    sale: Nullable(ProductSaleSchema),
    published: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** POST /operator/products: a new product; its address is made from its name unless given. */
export const NewProductBodySchema = Type.Object(
  {
    product: EditableProductSchema,
    link: Type.Optional(Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 200 })),
  },
  { additionalProperties: false },
);

/**
 * PUT /operator/products/{id}: the form as it was loaded (`base`) and as saved (`next`). When the
 * product changed meanwhile (another member of staff saved first), nothing is written: 409
 * `edit_conflict` says which fields changed and what they hold now.
 */
export const ProductUpdateBodySchema = Type.Object({ base: EditableProductSchema, next: EditableProductSchema }, { additionalProperties: false });

export const ProductEditConflictSchema = Type.Object(
  {
    error: Type.Literal('edit_conflict'),
    message: Type.String(),
    changed: Type.Array(Type.String()),
    current: EditableProductSchema,
  },
  { additionalProperties: false },
);

export const ProductVariantStockSchema = Type.Object(
  { sku: Type.String(), colour: Nullable(Type.String()), size: Nullable(Type.String()), stock: Type.Integer({ minimum: 0 }), held: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

export const OperatorPictureSchema = Type.Object(
  {
    position: Type.Integer({ minimum: 1 }),
    /** The small picture's address under the api's /images/, once made; null while it waits or if it failed. */
    url: Nullable(Type.String()),
    colour: Nullable(Type.String()),
    alt: Type.String(),
    state: Type.Union([Type.Literal('waiting'), Type.Literal('ready'), Type.Literal('failed')]),
    problem: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const StockMovementSchema = Type.Object(
  {
    at: Type.String(),
    by: Type.String(),
    sku: Type.String(),
    reason: StockReasonSchema,
    /** As typed: units received or damaged, or the units counted. */
    quantity: Type.Integer(),
    /** What the sellable stock moved by. */
    change: Type.Integer(),
    stock_after: Type.Integer(),
    note: Type.String(),
  },
  { additionalProperties: false },
);

/** GET /operator/products/{id}: the product as the form edits it, with its stock by variant, pictures and stock history. */
export const OperatorProductSchema = Type.Object(
  {
    id: Type.String(),
    link: Type.String(),
    sku: Type.String(),
    product: EditableProductSchema,
    /** One per colour and size (or the product itself when it has neither). */
    variants: Type.Array(ProductVariantStockSchema),
    pictures: Type.Array(OperatorPictureSchema),
    history: Type.Array(StockMovementSchema),
  },
  { additionalProperties: false },
);

export const OperatorProductRowSchema = Type.Object(
  {
    id: Type.String(),
    link: Type.String(),
    name: Type.String(),
    sku: Type.String(),
    price: Type.Number(),
    on_sale_price: Nullable(Type.Number()),
    stock: Type.Integer(),
    published: Type.Boolean(),
    picture: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const OperatorProductPageSchema = Type.Object(
  { products: Type.Array(OperatorProductRowSchema), total: Type.Integer(), page: Type.Integer(), pages: Type.Integer() },
  { additionalProperties: false },
);

export const OperatorProductListQuerySchema = Type.Object(
  { q: Type.Optional(Type.String({ maxLength: 100 })), page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) },
  { additionalProperties: false },
);

/** What the form offers: the shop's categories, colours and sizes. */
export const CatalogueChoicesSchema = Type.Object(
  {
    categories: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), parent: Nullable(Type.String()) }, { additionalProperties: false })),
    colours: Type.Array(Type.Object({ name: Type.String(), code: Type.String() }, { additionalProperties: false })),
    sizes: Type.Array(Type.Object({ name: Type.String(), label: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

/** POST /operator/products/{id}/stock: one variant's stock changed, and why. */
export const StockChangeBodySchema = Type.Object(
  {
    sku: Type.String({ minLength: 1, maxLength: 100 }),
    reason: StockReasonSchema,
    quantity: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** PUT /operator/products/{id}/pictures: the pictures in their new order (by current position), each with its colour and alt text; one left out is removed. */
export const PictureArrangementBodySchema = Type.Object(
  {
    pictures: Type.Array(
      Type.Object(
        { position: Type.Integer({ minimum: 1 }), colour: Nullable(Type.String({ maxLength: 50 })), alt: Type.String({ maxLength: 512 }) },
        { additionalProperties: false },
      ),
      { maxItems: 24 },
    ),
  },
  { additionalProperties: false },
);
