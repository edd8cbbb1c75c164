import { Type } from 'typebox';
import { ProductListQuerySchema } from './productSchemas';
import { PRODUCT_SORTS } from './productQueries';

const NameListSchema = Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { minItems: 1, maxItems: 20 });
const PriceSchema = Type.Number({ minimum: 0, maximum: 10_000_000 });

/** The listing's filters: GET /products and GET /products/facets take the same ones. */
export const productFilterProperties = {
  category: ProductListQuerySchema.properties.category,
  search: ProductListQuerySchema.properties.search,
  /** Repeatable: any of the colours. */
  colour: Type.Optional(NameListSchema),
  /** Repeatable: any of the sizes. */
  size: Type.Optional(NameListSchema),
  /** On the effective price: the sale price while on sale. */
  min_price: Type.Optional(PriceSchema),
  max_price: Type.Optional(PriceSchema),
  on_sale: Type.Optional(Type.Boolean()),
  is_new: Type.Optional(Type.Boolean()),
  is_popular: Type.Optional(Type.Boolean()),
  in_stock: Type.Optional(Type.Boolean()),
};

export const ProductListingQuerySchema = Type.Object(
  {
    ...ProductListQuerySchema.properties,
    ...productFilterProperties,
    sort: Type.Optional(Type.Enum([...PRODUCT_SORTS])),
  },
  { additionalProperties: false },
);

export const ProductFacetsQuerySchema = Type.Object(productFilterProperties, { additionalProperties: false });
