import { useCallback, useMemo } from 'react';
import { readShopFilters, writeShopFilters, type ShopFilters } from './shopFilters';
import { useSearchParams } from '@storefront/shared';

export interface UpdateOptions {
  /** Replace the history entry instead of adding one (infinite scroll's page count). */
  replace?: boolean;
  /** Stay on this page (switching the view changes nothing in the list). */
  keepPage?: boolean;
}

export type UpdateShopFilters = (change: Partial<ShopFilters>, options?: UpdateOptions) => void;

/**
 * The shop's filters, read from and written to the URL. Each change is a new history entry (so
 * Back undoes it) and goes back to page 1 unless told to keep the page.
 */
export function useShopFilters(): [ShopFilters, UpdateShopFilters] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readShopFilters(params), [params]);
  const update = useCallback<UpdateShopFilters>(
    (change, options) => {
      const next = { ...filters, ...(options?.keepPage ? {} : { page: 1 }), ...change };
      setParams(writeShopFilters(next), { replace: options?.replace ?? false });
    },
    [filters, setParams],
  );
  return [filters, update];
}
