import type { ProductQuery, ProductSort } from '@storefront/shared';

export const PER_PAGE_OPTIONS = [12, 24, 36] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = 12;

export const SORT_OPTIONS: readonly { value: ProductSort | ''; label: string }[] = [
  { value: '', label: 'Featured' },
  { value: 'popularity', label: 'Most popular' },
  { value: 'rating', label: 'Best rated' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

export type ShopView = 'grid' | 'list';

/** Everything that decides the list a shopper sees; the URL holds all of it. */
export interface ShopFilters {
  category: string;
  search: string;
  colour: string[];
  size: string[];
  minPrice: number | null;
  maxPrice: number | null;
  onSale: boolean;
  isNew: boolean;
  inStock: boolean;
  sort: ProductSort | null;
  page: number;
  perPage: PerPage;
  /** null: the layout's own view. */
  view: ShopView | null;
}

export const NO_FILTERS: ShopFilters = {
  category: '',
  search: '',
  colour: [],
  size: [],
  minPrice: null,
  maxPrice: null,
  onSale: false,
  isNew: false,
  inStock: false,
  sort: null,
  page: 1,
  perPage: DEFAULT_PER_PAGE,
  view: null,
};

function readPrice(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const price = Number(value);
  return Number.isFinite(price) && price >= 0 ? price : null;
}

function readWhole(value: string | null, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : fallback;
}

function isSort(value: string | null): value is ProductSort {
  return SORT_OPTIONS.some((option) => option.value !== '' && option.value === value);
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim().toLowerCase()).filter((value) => value !== ''))];
}

/** The URL's query string as filters; anything malformed is read as its default, so old links still open. */
export function readShopFilters(params: URLSearchParams): ShopFilters {
  const perPage = Number(params.get('limit'));
  const view = params.get('view');
  const sort = params.get('sort');
  return {
    category: params.get('category')?.trim() ?? '',
    search: params.get('search')?.trim() ?? '',
    colour: distinct(params.getAll('colour')),
    size: distinct(params.getAll('size')),
    minPrice: readPrice(params.get('min_price')),
    maxPrice: readPrice(params.get('max_price')),
    onSale: params.get('on_sale') === 'true',
    isNew: params.get('is_new') === 'true',
    inStock: params.get('in_stock') === 'true',
    sort: isSort(sort) ? sort : null,
    page: readWhole(params.get('page'), 1),
    perPage: PER_PAGE_OPTIONS.find((option) => option === perPage) ?? DEFAULT_PER_PAGE,
    view: view === 'grid' || view === 'list' ? view : null,
  };
}

/** Filters as a query string, defaults left out and always in the same order, so equal lists share a URL. */
export function writeShopFilters(filters: ShopFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.search) params.set('search', filters.search);
  for (const colour of filters.colour) params.append('colour', colour);
  for (const size of filters.size) params.append('size', size);
  if (filters.minPrice !== null) params.set('min_price', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('max_price', String(filters.maxPrice));
  if (filters.onSale) params.set('on_sale', 'true');
  if (filters.isNew) params.set('is_new', 'true');
  if (filters.inStock) params.set('in_stock', 'true');
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.perPage !== DEFAULT_PER_PAGE) params.set('limit', String(filters.perPage));
  if (filters.view) params.set('view', filters.view);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The api's filter parameters (GET /products/facets takes exactly these). */
export function toFilterQuery(filters: ShopFilters): ProductQuery {
  const query: ProductQuery = {};
  if (filters.category) query.category = filters.category;
  if (filters.search) query.search = filters.search;
  if (filters.colour.length > 0) query.colour = filters.colour;
  if (filters.size.length > 0) query.size = filters.size;
  // A range typed backwards is read the way the shopper meant it.
  const [min, max] =
    filters.minPrice !== null && filters.maxPrice !== null && filters.minPrice > filters.maxPrice
      ? [filters.maxPrice, filters.minPrice]
      : [filters.minPrice, filters.maxPrice];
  if (min !== null) query.min_price = min;
  if (max !== null) query.max_price = max;
  if (filters.onSale) query.on_sale = true;
  if (filters.isNew) query.is_new = true;
  if (filters.inStock) query.in_stock = true;
  return query;
}

export function toProductQuery(filters: ShopFilters, page: number = filters.page): ProductQuery {
  return { ...toFilterQuery(filters), ...(filters.sort ? { sort: filters.sort } : {}), page, limit: filters.perPage };
}

/** True when any filter narrows the list (search, sort, paging and view do not count). */
export function hasActiveFilters(filters: ShopFilters): boolean {
  return (
    filters.category !== '' ||
    filters.colour.length > 0 ||
    filters.size.length > 0 ||
    filters.minPrice !== null ||
    filters.maxPrice !== null ||
    filters.onSale ||
    filters.isNew ||
    filters.inStock
  );
}

/** Without any narrowing filter; the search, sort, page size and view stay. */
export function clearFilters(filters: ShopFilters): ShopFilters {
  return { ...NO_FILTERS, search: filters.search, sort: filters.sort, perPage: filters.perPage, view: filters.view };
}

export function toggle(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
}
