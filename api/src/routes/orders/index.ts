import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { apiError } from '../../plugins/errors';
import { NoQuerySchema } from '../../schemas/common';
import { findOrder, listOrders } from './orderQueries';
import {
  IdempotencyHeadersSchema,
  OrderIdParamsSchema,
  orderErrorResponses,
  OrderSchema,
  PlaceOrderBodySchema,
} from './orderSchemas';
import { placeOrder } from './placeOrder';

/** Set on an answer that repeats the order an earlier request with the same Idempotency-Key made. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export const orderRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.post(
    '/orders',
    {
      // Takes stock: answered only once the product cache has heard of it.
      config: { changesProducts: true },
      schema: {
        headers: IdempotencyHeadersSchema,
        querystring: NoQuerySchema,
        body: PlaceOrderBodySchema,
        response: { 201: OrderSchema, ...orderErrorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await placeOrder(database, {
        shopperId: request.shopperId,
        idempotencyKey: request.headers['idempotency-key'],
        request: request.body,
      });
      switch (outcome.kind) {
        case 'created':
          return reply.code(201).send(outcome.order);
        case 'replayed':
          // The same answer as the first time, so a client that lost it can simply retry.
          return reply.code(201).header(REPLAYED_HEADER, 'true').send(outcome.order);
        case 'key_reused':
          return reply
            .code(422)
            .send(apiError('idempotency_key_reused', 'This Idempotency-Key was already used for a different order; use a new key for a new order.'));
        case 'empty_cart':
          return reply.code(400).send(apiError('empty_cart', 'Your cart is empty: add something before checking out.'));
        case 'insufficient_stock':
          return reply.code(409).send({
            error: 'insufficient_stock',
            message: `Not enough stock for ${outcome.lines.map((line) => `"${line.name}" (${line.available} left)`).join(', ')}.`,
            lines: outcome.lines,
          });
      }
    },
  );

  app.get(
    '/orders',
    { schema: { querystring: NoQuerySchema, response: { 200: Type.Array(OrderSchema), ...orderErrorResponses } } },
    async (request) => listOrders(database, request.shopperId),
  );

  app.get(
    '/orders/:id',
    { schema: { params: OrderIdParamsSchema, querystring: NoQuerySchema, response: { 200: OrderSchema, ...orderErrorResponses } } },
    async (request, reply) => {
      const order = await findOrder(database, request.shopperId, request.params.id);
      if (!order) return reply.code(404).send(apiError('not_found', `No order "${request.params.id}"`));
      return order;
    },
  );
};
