import type { OrderStatus } from '@storefront/shared';
import { ORDER_STATUSES } from '@storefront/shared/domain';

/** The operator's list as the address says it (?status=&q=&page=), so a reload or a shared link keeps it. */
export interface OperatorListSearch {
  status: OrderStatus | null;
  q: string;
  page: number;
}

function isOrderStatus(value: string | null): value is OrderStatus {
  return ORDER_STATUSES.some((status) => status === value);
}

/** Reads the address's search; anything unknown (a typed-in state, page 0) reads as its default. */
export function readOperatorSearch(params: URLSearchParams): OperatorListSearch {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: isOrderStatus(status) ? status : null,
    q: (params.get('q') ?? '').trim(),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The search part for a list (the address's and the api's): only what differs from the defaults. */
export function operatorSearchParams({ status, q, page }: Partial<OperatorListSearch>): URLSearchParams {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q) params.set('q', q);
  if (page && page > 1) params.set('page', String(page));
  return params;
}

/** "?status=paid&q=naledi", or "" for the whole list. */
export function operatorSearchText(search: Partial<OperatorListSearch>): string {
  const text = operatorSearchParams(search).toString();
  return text ? `?${text}` : '';
}
