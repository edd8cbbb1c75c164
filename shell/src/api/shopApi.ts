import { baseApi } from '@storefront/shared';

/** GET /shop/disclosures: who the shop is and its terms, as the legal pages show them. Amounts in cents. */
export interface ShopDisclosures {
  legalName: string;
  registrationNumber: string;
  /** Null while the shop is not registered for VAT: nothing is shown then. */
  vatNumber: string | null;
  /** The physical address, one line each. */
  address: string[];
  email: string;
  phone: string;
  /** Each policy as paragraphs. */
  returnsPolicy: string[];
  deliveryPolicy: string[];
  privacyPolicy: string[];
  paymentSecurity: string[];
  /** In cents. */
  deliveryFee: number;
  /** True while these are a development shop's sample details, not a real business's. */
  sample: boolean;
}

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
