import { baseApi } from '@storefront/shared';

/** An order as GET /orders and GET /orders/{id} describe it (the cart remote places them). */
export interface OrderLine {
  key: string;
  product_id: string;
  name: string;
  link?: string;
  colour: string | null;
  size: string | null;
  qty: number;
  price: number;
  total: number;
}

export interface Order {
  id: string;
  number: string;
  status: string;
  created_at: string;
  lines: OrderLine[];
  subtotal: number;
  delivery: number;
  vat: number;
  total: number;
}

/** The shopper's own orders, read-only here. */
export const accountOrdersApi = baseApi.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getMyOrders: build.query<Order[], void>({
      query: () => 'orders',
      providesTags: ['Order'],
    }),
    getMyOrder: build.query<Order, string>({
      query: (id) => `orders/${encodeURIComponent(id)}`,
      providesTags: (order) => (order ? [{ type: 'Order', id: order.id }] : []),
    }),
  }),
});

export const { useGetMyOrdersQuery, useGetMyOrderQuery } = accountOrdersApi;
