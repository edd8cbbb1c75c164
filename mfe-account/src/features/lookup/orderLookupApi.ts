import { baseApi, type LookedUpOrder, type OrderLookupRequest } from '@storefront/shared';

/**
 * POST /orders/lookup: anyone finds an order by its number and the email it was placed with, and
 * sees of where it goes only the town and the phone's last digits. A mutation, not a query: each
 * Find asks once (the api counts the tries), and the email is held by the form, never kept in the
 * shared cache under a key.
 */
export const orderLookupApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    lookupOrder: build.mutation<LookedUpOrder, OrderLookupRequest>({
      query: (body) => ({ url: 'orders/lookup', method: 'POST', body }),
    }),
  }),
});

export const { useLookupOrderMutation } = orderLookupApi;
