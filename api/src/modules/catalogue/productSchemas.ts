import { Type } from 'typebox';

/**
 * The product list's paging and search, the base of GET /products' query
 * (productQuerySchemas.ts): only the api reads it. The product shapes are @storefront/contracts'.
 */
export const ProductListQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
    category: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    search: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
