import { baseApi, productSearchParams, type ProductFacets, type ProductQuery, type SearchSuggestions } from '@storefront/shared';

/** The catalog's own reads: the filter sidebar's counts and the header's live search. */
export const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProductFacets: build.query<ProductFacets, ProductQuery>({
      query: (filters) => `products/facets${productSearchParams(filters)}`,
      providesTags: ['Catalogue'],
    }),
    getSearchSuggestions: build.query<SearchSuggestions, { q: string; category?: string }>({
      query: ({ q, category }) => `search/suggest?${new URLSearchParams({ q, ...(category ? { category } : {}) }).toString()}`,
      providesTags: ['Catalogue'],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetProductFacetsQuery, useGetSearchSuggestionsQuery } = catalogApi;
