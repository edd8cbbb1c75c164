import type { Order } from '../types';
import { baseApi } from './baseApi';

/**
 * Reading the shopper's orders: the cart remote's confirmation page and the account dashboard
 * both show them, so the endpoints live here once. Placing an order is the cart remote's own.
 */
export const ordersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getOrders: build.query<Order[], void>({
      query: () => 'orders',
      providesTags: ['Order'],
    }),
    getOrder: build.query<Order, string>({
      query: (id) => `orders/${encodeURIComponent(id)}`,
      providesTags: (_order, _error, id) => [{ type: 'Order', id }],
    }),
  }),
});

export const { useGetOrdersQuery, useGetOrderQuery } = ordersApi;
