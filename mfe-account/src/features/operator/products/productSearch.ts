/** The product list as the address says it (?q=&page=), so a reload or a shared link keeps it. */
export interface ProductListSearch {
  q: string;
  page: number;
}

/** The api takes a search of at most 100 characters. */
export const PRODUCT_SEARCH_MAX_LENGTH = 100;

/** Reads the address's search; anything unknown (page 0, a word for a page) reads as its default. */
export function readProductSearch(params: URLSearchParams): ProductListSearch {
  const page = Number(params.get('page'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, PRODUCT_SEARCH_MAX_LENGTH),
    page: Number.isInteger(page) && page > 0 && page <= 10_000 ? page : 1,
  };
}

/** The search part for the list (the address's and the api's): only what differs from the defaults. */
export function productSearchParams({ q, page }: Partial<ProductListSearch>): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page && page > 1) params.set('page', String(page));
  return params;
}

/** "?q=kaftan&page=2", or "" for the whole list's first page. */
export function productSearchText(search: Partial<ProductListSearch>): string {
  const text = productSearchParams(search).toString();
  return text ? `?${text}` : '';
}
