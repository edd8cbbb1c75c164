import { Type } from 'typebox';
import { Nullable } from './common';
import { CategorySchema, PictureSchema, ProductCategorySchema } from './product';

/** The most products and categories GET /search/suggest answers. */
export const MAX_SUGGESTED_PRODUCTS = 8;
export const MAX_SUGGESTED_CATEGORIES = 5;

const CountSchema = Type.Integer({ minimum: 0 });

/** A category of the filter sidebar (shared `CategoryFacet`): products in it or any category under it. */
export const CategoryFacetSchema = Type.Object(
  { ...ProductCategorySchema.properties, parent: Nullable(Type.String()), count: CountSchema },
  { additionalProperties: false },
);

/**
 * GET /products/facets (shared `ProductFacets`): for the listing's filters, how many products
 * match in all, in each category, colour and size, and the range of their prices.
 */
export const ProductFacetsSchema = Type.Object(
  {
    total: CountSchema,
    categories: Type.Array(CategoryFacetSchema),
    colours: Type.Array(Type.Object({ name: Type.String(), code: Type.String(), count: CountSchema }, { additionalProperties: false })),
    sizes: Type.Array(Type.Object({ name: Type.String(), label: Type.String(), count: CountSchema }, { additionalProperties: false })),
    /** The effective prices' range; null when nothing matches. */
    price: Nullable(Type.Object({ min: Type.Number({ minimum: 0 }), max: Type.Number({ minimum: 0 }) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

/** A product the live search suggests: enough to show and link to it. */
const SuggestedProductSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    link: Type.String(),
    price: Type.Number({ minimum: 0 }),
    on_sale_price: Nullable(Type.Number({ minimum: 0 })),
    on_sale_until: Nullable(Type.String()),
    thumbnail: Nullable(PictureSchema),
  },
  { additionalProperties: false },
);

/** GET /search/suggest (shared `SearchSuggestions`): products and categories matching what is typed. */
export const SearchSuggestionsSchema = Type.Object(
  {
    products: Type.Array(SuggestedProductSchema, { maxItems: MAX_SUGGESTED_PRODUCTS }),
    categories: Type.Array(CategorySchema, { maxItems: MAX_SUGGESTED_CATEGORIES }),
  },
  { additionalProperties: false },
);
