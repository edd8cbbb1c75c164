import { baseApi, type Address } from '@storefront/shared';

export type AddressInput = Omit<Address, 'id'>;

/** The signed-in shopper's saved addresses (GET/POST/PUT/DELETE /account/addresses). */
export const addressesApi = baseApi.enhanceEndpoints({ addTagTypes: ['Address'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getAddresses: build.query<Address[], void>({
      query: () => 'account/addresses',
      providesTags: ['Address'],
    }),
    addAddress: build.mutation<Address, AddressInput>({
      query: (body) => ({ url: 'account/addresses', method: 'POST', body }),
      invalidatesTags: ['Address'],
    }),
    updateAddress: build.mutation<Address, Address>({
      query: ({ id, ...body }) => ({ url: `account/addresses/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Address'],
    }),
    deleteAddress: build.mutation<void, string>({
      query: (id) => ({ url: `account/addresses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Address'],
    }),
  }),
});

export const { useGetAddressesQuery, useAddAddressMutation, useUpdateAddressMutation, useDeleteAddressMutation } = addressesApi;
