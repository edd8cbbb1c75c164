import { baseApi, productSearchParams, type Category, type Picture, type ProductQuery } from '@storefront/shared';

export interface CategoryFacet extends Category {
  count: number;
}

export interface ProductFacets {
  total: number;
  categories: CategoryFacet[];
  colours: { name: string; code: string; count: number }[];
  sizes: { name: string; label: string; count: number }[];
  price: { min: number; max: number } | null;
}

export interface SearchSuggestions {
  products: {
    id: string;
    name: string;
    link: string;
    price: number;
    on_sale_price: number | null;
    on_sale_until: string | null;
    thumbnail: Picture | null;
  }[];
  categories: Category[];
}

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
