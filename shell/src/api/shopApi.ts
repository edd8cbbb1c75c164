import { baseApi, type ShopDisclosures } from '@storefront/shared';

export type { ShopDisclosures };

/**
 * The shell's reads of the shop itself. Endpoint names are one namespace for every package on the
 * shared api slice, and injecting a name another package injected throws: this one is named for
 * the shell, so a remote reading the same address under its own name cannot collide with it.
 */
export const shopApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getShellDisclosures: build.query<ShopDisclosures, void>({
      query: () => 'shop/disclosures',
    }),
  }),
});

export const { useGetShellDisclosuresQuery } = shopApi;
