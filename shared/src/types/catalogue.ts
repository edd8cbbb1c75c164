import type { CategoryFacetSchema, ProductFacetsSchema, SearchSuggestionsSchema, Static } from '@storefront/contracts';

/** A category of the filter sidebar, with how many matching products are in it or under it. */
export interface CategoryFacet extends Static<typeof CategoryFacetSchema> {}

/**
 * GET /products/facets: for the listing's filters, how many products match in all, in each
 * category, colour and size, and the range of their prices (null when nothing matches).
 */
export interface ProductFacets extends Static<typeof ProductFacetsSchema> {}

/** GET /search/suggest: the header's live search, products and categories matching what is typed. */
export interface SearchSuggestions extends Static<typeof SearchSuggestionsSchema> {}
