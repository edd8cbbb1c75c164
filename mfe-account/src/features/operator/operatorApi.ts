import { baseApi, type OperatorOrder, type OperatorOrderPage, type OperatorSummary, type OrderMoveRequest } from '@storefront/shared';
import { operatorSearchText, type OperatorListSearch } from './operatorSearch';

export interface MoveOrderArgs extends OrderMoveRequest {
  number: string;
}

/**
 * The shop's operators' endpoints (GET/POST /operator/…): every order, its moves, and the paid
 * totals. Each answer is also the signed-in account's ('Auth'): signing in or out drops what no
 * page shows and asks again for what one does, so nobody after the operator on this browser
 * finds the shop's orders in the store.
 */
export const operatorApi = baseApi.enhanceEndpoints({ addTagTypes: ['OperatorOrder', 'OperatorSummary', 'Order', 'Auth'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getOperatorOrders: build.query<OperatorOrderPage, OperatorListSearch>({
      query: (search) => `operator/orders${operatorSearchText(search)}`,
      providesTags: [{ type: 'OperatorOrder', id: 'LIST' }, 'Auth'],
    }),
    getOperatorSummary: build.query<OperatorSummary, void>({
      query: () => 'operator/summary',
      providesTags: ['OperatorSummary', 'Auth'],
    }),
    getOperatorOrder: build.query<OperatorOrder, string>({
      query: (number) => `operator/orders/${encodeURIComponent(number)}`,
      providesTags: (_order, _error, number) => [{ type: 'OperatorOrder', id: number }, 'Auth'],
    }),
    moveOrder: build.mutation<OperatorOrder, MoveOrderArgs>({
      query: ({ number, ...body }) => ({ url: `operator/orders/${encodeURIComponent(number)}/moves`, method: 'POST', body }),
      // The order's page shows the answer at once; the list, the totals and the shopper's own view
      // of the order (the 'Order' tag, read by the account and checkout pages) ask again.
      async onQueryStarted({ number }, { dispatch, queryFulfilled }) {
        const moved = await queryFulfilled.then(
          ({ data }) => data,
          () => null,
        );
        if (moved) dispatch(operatorApi.util.upsertQueryData('getOperatorOrder', number, moved));
      },
      // A refused move (409: someone else moved it first) also means the page shows a stale order.
      invalidatesTags: (moved, _error, { number }) =>
        moved
          ? [{ type: 'OperatorOrder', id: 'LIST' }, 'OperatorSummary', 'Order']
          : [{ type: 'OperatorOrder', id: number }, { type: 'OperatorOrder', id: 'LIST' }],
    }),
  }),
});

export const { useGetOperatorOrdersQuery, useGetOperatorSummaryQuery, useGetOperatorOrderQuery, useMoveOrderMutation } = operatorApi;
