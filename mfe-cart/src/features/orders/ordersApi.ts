import { baseApi, type Order, type PaymentMethodsAnswer } from '@storefront/shared';
import type { PlaceOrderBody } from '../checkout/checkoutValues';

export interface PlaceOrderArgs {
  /** The same key for every retry of one checkout attempt, so the api makes one order however often it is sent. */
  idempotencyKey: string;
  request: PlaceOrderBody;
}

const withOrderTag = baseApi.enhanceEndpoints({ addTagTypes: ['Order'] });

/** POST /orders: the cart remote's own endpoint on the one api slice (reading orders is in shared). */
export const placeOrderApi = withOrderTag.injectEndpoints({
  endpoints: (build) => ({
    /** What the checkout offers: EFT only once the shop has set its bank account. */
    getPaymentMethods: build.query<PaymentMethodsAnswer, void>({ query: () => 'payment-methods' }),
    placeOrder: build.mutation<Order, PlaceOrderArgs>({
      query: ({ idempotencyKey, request }) => ({
        url: 'orders',
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const placed = await queryFulfilled.then(
          () => true,
          () => false,
        );
        // The api emptied the cart: the header badge says 0 at once, before the refetch lands.
        if (placed) dispatch(baseApi.util.updateQueryData('getCart', undefined, () => []));
      },
      // A refusal (stock ran out, cart emptied elsewhere) also means the cart we show is stale.
      invalidatesTags: (order) => (order ? ['Cart', 'Order', 'Catalogue', 'Product'] : ['Cart']),
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetPaymentMethodsQuery, usePlaceOrderMutation } = placeOrderApi;
