import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { normaliseProduct } from '../domain/normaliseProduct';
import { liveDataServed, sampleDataServed } from '../store/sampleDataSlice';
import type { StorefrontConfig } from '../store/configSlice';
import type {
  CartItem,
  Category,
  Colour,
  Product,
  ProductReadingA,
  ProductReadingB,
  Size,
} from '../types';

/**
 * The sample data (docs/behaviour.md#calls-and-fallbacks), fetched only when a read fails: a shopper whose api answers never loads
 * it (a kilobyte off every first page).
 */
type Samples = typeof import('./sampleData');
const loadSamples = (): Promise<Samples> => import(/* webpackChunkName: "later-sample-data" */ './sampleData');

/** Thunk extra argument: lets a host (or a test) hand the api its own fetch. */
export interface StorefrontThunkExtra {
  fetchFn?: typeof fetch;
}

/** Query data is kept, and considered fresh, for 10 minutes. */
export const CACHE_SECONDS = 600;

type StorefrontBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/** The api base is read from the store on every call, so one bundle serves any deployment. */
const storefrontBaseQuery: StorefrontBaseQuery = (args, api, extraOptions) => {
  const { apiBase } = (api.getState() as { config: StorefrontConfig }).config;
  const { fetchFn } = (api.extra ?? {}) as StorefrontThunkExtra;
  const query = fetchBaseQuery({
    baseUrl: apiBase,
    credentials: 'include',
    timeout: 15000,
    ...(fetchFn ? { fetchFn } : {}),
  });
  return query(args, api, extraOptions);
};

/** A read failed when the api could not answer; a 4xx is an answer (a real "not found"). */
function isReadFailure(error: FetchBaseQueryError): boolean {
  return typeof error.status !== 'number' || error.status >= 500;
}

type ReadOutcome<T> = { data: T } | { error: FetchBaseQueryError };

interface ReadOptions<T> {
  endpoint: string;
  parse: (data: unknown, meta: FetchBaseQueryMeta | undefined) => T;
  fallback: (samples: Samples) => T | undefined;
}

async function readWithFallback<T>(
  request: ReturnType<StorefrontBaseQuery>,
  dispatch: (action: { type: string; payload: string }) => unknown,
  { endpoint, parse, fallback }: ReadOptions<T>,
): Promise<ReadOutcome<T>> {
  const result = await request;
  if (!result.error) {
    dispatch(liveDataServed(endpoint));
    return { data: parse(result.data, result.meta) };
  }
  const sample = isReadFailure(result.error) ? fallback(await loadSamples()) : undefined;
  if (sample === undefined) return { error: result.error };
  console.warn(`[storefront] ${endpoint} failed; showing sample data`, result.error);
  dispatch(sampleDataServed(endpoint));
  return { data: sample };
}

function toProducts(data: unknown): Product[] {
  return (data as (Product | ProductReadingA | ProductReadingB)[]).map(normaliseProduct);
}

export type ProductSort = 'popularity' | 'rating' | 'newest' | 'price_asc' | 'price_desc';

/** GET /products' parameters; `colour` and `size` go as repeated parameters (any of them). */
export interface ProductQuery {
  page?: number;
  limit?: number;
  category?: string;
  search?: string;
  colour?: readonly string[];
  size?: readonly string[];
  min_price?: number;
  max_price?: number;
  on_sale?: boolean;
  is_new?: boolean;
  is_popular?: boolean;
  in_stock?: boolean;
  sort?: ProductSort;
}

export interface ProductPage {
  products: Product[];
  total: number;
  /**
   * The search the api ran instead of the one asked for, when a word matched nothing as typed
   * and the api corrected it (X-Search-Showing); absent when nothing was corrected.
   */
  showing?: string;
}

/** The header's text decoded, or undefined when it is absent, empty or not valid percent-encoding. */
function readSearchShowing(headers: Headers | undefined): string | undefined {
  const encoded = headers?.get('X-Search-Showing');
  if (!encoded) return undefined;
  try {
    return decodeURIComponent(encoded) || undefined;
  } catch {
    // A malformed header only loses the note; the products themselves are still right.
    return undefined;
  }
}

export function productSearchParams(query: ProductQuery | void): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}) as [string, ProductQuery[keyof ProductQuery]][]) {
    if (Array.isArray(value)) for (const item of value) params.append(name, item);
    else if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: storefrontBaseQuery,
  tagTypes: ['Product', 'Catalogue', 'Cart', 'Wishlist'],
  keepUnusedDataFor: CACHE_SECONDS,
  refetchOnMountOrArgChange: CACHE_SECONDS,
  endpoints: (build) => ({
    getProducts: build.query<ProductPage, ProductQuery | void>({
      queryFn: (query, api, _extra, baseQuery) =>
        readWithFallback(baseQuery(`products${productSearchParams(query)}`), api.dispatch, {
          endpoint: 'getProducts',
          parse: (data, meta) => {
            const products = toProducts(data);
            const total = Number(meta?.response?.headers.get('X-Total-Count') ?? Number.NaN);
            const showing = readSearchShowing(meta?.response?.headers);
            return { products, total: Number.isFinite(total) ? total : products.length, ...(showing ? { showing } : {}) };
          },
          fallback: ({ SAMPLE_PRODUCTS }) => ({ products: [...SAMPLE_PRODUCTS], total: SAMPLE_PRODUCTS.length }),
        }),
      providesTags: ['Catalogue'],
    }),
    /**
     * The product, or null when the api says there is none (404): an answer, kept like any other,
     * so every part of the page that asks hears it once rather than asking again (RTK Query asks
     * again for a failed query each time something new subscribes).
     */
    getProduct: build.query<Product | null, string>({
      queryFn: async (id, api, _extra, baseQuery) => {
        const outcome = await readWithFallback<Product | null>(baseQuery(`products/${encodeURIComponent(id)}`), api.dispatch, {
          endpoint: 'getProduct',
          parse: (data) => normaliseProduct(data as Product),
          fallback: ({ findSampleProduct }) => findSampleProduct(id),
        });
        return 'error' in outcome && outcome.error.status === 404 ? { data: null } : outcome;
      },
      providesTags: (product) => (product ? [{ type: 'Product', id: product.id }] : []),
    }),
    getColours: build.query<Colour[], void>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        readWithFallback(baseQuery('colours'), api.dispatch, {
          endpoint: 'getColours',
          parse: (data) => data as Colour[],
          fallback: ({ SAMPLE_COLOURS }) => [...SAMPLE_COLOURS],
        }),
    }),
    getSizes: build.query<Size[], void>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        readWithFallback(baseQuery('sizes'), api.dispatch, {
          endpoint: 'getSizes',
          parse: (data) => data as Size[],
          fallback: ({ SAMPLE_SIZES }) => [...SAMPLE_SIZES],
        }),
    }),
    getCategories: build.query<Category[], void>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        readWithFallback(baseQuery('categories'), api.dispatch, {
          endpoint: 'getCategories',
          parse: (data) => data as Category[],
          fallback: ({ SAMPLE_CATEGORIES }) => [...SAMPLE_CATEGORIES],
        }),
    }),
    /**
     * The shopper's lists are read here, in the platform, though their writes are the cart team's
     * (mfe-cart's cartApi and wishlistApi): every page the server draws counts them in the header,
     * and the browser's entry asks for the cart as the page starts.
     */
    getWishlist: build.query<Product[], void>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        readWithFallback(baseQuery('wishlist'), api.dispatch, {
          endpoint: 'getWishlist',
          parse: toProducts,
          fallback: () => [],
        }),
      providesTags: ['Wishlist'],
    }),
    getCart: build.query<CartItem[], void>({
      queryFn: (_arg, api, _extra, baseQuery) =>
        readWithFallback(baseQuery('cart'), api.dispatch, {
          endpoint: 'getCart',
          parse: (data) => data as CartItem[],
          fallback: ({ SAMPLE_CART }) => SAMPLE_CART.map((line) => ({ ...line })),
        }),
      providesTags: ['Cart'],
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductQuery,
  useGetColoursQuery,
  useGetSizesQuery,
  useGetCategoriesQuery,
  useGetWishlistQuery,
  useGetCartQuery,
} = baseApi;
