import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CartItemPayloadSchema, CartItemSchema } from '@storefront/contracts';
import { productIdFromKey } from '@storefront/shared/domain';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import type { ApiLimits } from '../../limits';
import { apiError } from '../../schemas/errors';
import { ensureShopper } from '../../plugins/shopper';
import { CartKeyParamsSchema } from './cartSchemas';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema, writeErrorResponses } from '../../schemas/common';
import { findProductById } from '../catalogue';
import { CartLineError, resolveCartLine } from './cartLine';
import { addToCartLine, findCartLine, listCart, lockShopper, removeCartLine, setCartLineQty } from './cartQueries';

function noLine(key: string) {
  return apiError('not_found', `No cart line "${key}"`);
}

function outOfStock(name: string) {
  return apiError('out_of_stock', `"${name}" is out of stock`);
}

/** A cart holds at most `limits.cartLines` different lines: a new one past it is a 409 naming the cap. */
export const cartRoutes: FastifyPluginAsyncTypebox<{ database: Database; limits: Pick<ApiLimits, 'cartLines'> }> = async (app, { database, limits }) => {
  const cartFull = apiError(
    'cart_full',
    `Your cart holds ${limits.cartLines} different items, as many as it can. Remove one, or add to an item already in it.`,
  );

  app.get(
    '/cart',
    {
      schema: {
        operationId: 'getCart',
        summary: 'The shopper’s cart lines',
        tags: ['cart'],
        security: access.shopper,
        querystring: NoQuerySchema,
        response: { 200: Type.Array(CartItemSchema), ...errorResponses },
      },
    },
    async (request) => listCart(database, request.shopperId),
  );

  app.get(
    '/cart/:key',
    {
      schema: {
        operationId: 'getCartLine',
        summary: 'One line of the shopper’s cart, by its key',
        tags: ['cart'],
        security: access.shopper,
        params: CartKeyParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: CartItemSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const item = await findCartLine(database, request.shopperId, request.params.key);
      if (!item) return reply.code(404).send(noLine(request.params.key));
      return item;
    },
  );

  app.post(
    '/cart',
    {
      schema: {
        operationId: 'addToCart',
        summary: 'Adds to the shopper’s cart: a new line, or more of a line already there',
        description: 'Quantities are capped at the stock; 409 `out_of_stock`, or `cart_full` past the cart’s lines.',
        tags: ['cart'],
        security: access.shopper,
        querystring: NoQuerySchema,
        body: CartItemPayloadSchema,
        response: { 201: CartItemSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const payload = request.body;
      const product = await findProductById(database, productIdFromKey(payload.id));
      if (!product) return reply.code(404).send(apiError('not_found', `No product for cart line "${payload.id}"`));
      let line;
      try {
        line = resolveCartLine(product, payload);
      } catch (error) {
        if (error instanceof CartLineError) return reply.code(400).send(apiError(error.code, error.message));
        throw error;
      }
      if (product.available_stock <= 0) return reply.code(409).send(outOfStock(product.name));

      await ensureShopper(database, request.shopperId);
      const added = await database.transaction(async (tx) => {
        await lockShopper(tx, request.shopperId);
        return addToCartLine(
          tx,
          { shopperId: request.shopperId, key: line.key, productId: product.id, colour: line.colour, size: line.size, qty: payload.qty },
          limits.cartLines,
        );
      });
      if (added.outcome === 'cart_full') return reply.code(409).send(cartFull);
      if (added.outcome === 'out_of_stock') return reply.code(409).send(outOfStock(product.name));
      return reply.code(201).send(added.item);
    },
  );

  app.patch(
    '/cart/:key',
    {
      schema: {
        operationId: 'setCartLineQuantity',
        summary: 'Sets a cart line’s quantity',
        tags: ['cart'],
        security: access.shopper,
        params: CartKeyParamsSchema,
        querystring: NoQuerySchema,
        body: CartItemPayloadSchema,
        response: { 200: CartItemSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      if (request.body.id.toLowerCase() !== key.toLowerCase()) {
        return reply.code(400).send(apiError('key_mismatch', `Body id "${request.body.id}" must equal the path key "${key}"`));
      }
      const set = await setCartLineQty(database, request.shopperId, key, request.body.qty);
      if (set.outcome === 'updated') return set.item;
      // Out of stock: the line is left as it was, and named in the answer.
      const item = set.outcome === 'out_of_stock' ? await findCartLine(database, request.shopperId, key) : null;
      if (!item) return reply.code(404).send(noLine(key));
      return reply.code(409).send(outOfStock(item.name));
    },
  );

  app.delete(
    '/cart/:key',
    {
      schema: {
        operationId: 'removeCartLine',
        summary: 'Removes a line from the shopper’s cart, answering the line removed',
        tags: ['cart'],
        security: access.shopper,
        params: CartKeyParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: CartItemSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const removed = await removeCartLine(database, request.shopperId, request.params.key);
      if (!removed) return reply.code(404).send(noLine(request.params.key));
      return removed;
    },
  );
};
