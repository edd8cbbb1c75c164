import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdentifierSchema, ProductSchema, WishlistPayloadSchema } from '@storefront/contracts';
import { Type } from 'typebox';
import { namedStatement, type Database } from '../../db/database';
import { apiError } from '../../schemas/errors';
import { ensureShopper } from '../../plugins/shopper';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema, writeErrorResponses } from '../../schemas/common';
import { findProductById, listWishlistProducts } from '../catalogue';

// Run on a shopper's every heart: kept planned (namedStatement).
const ADD_ITEM = namedStatement(
  'wishlist.add',
  `INSERT INTO wishlist_items (shopper_id, product_id) VALUES ($1, $2)
   ON CONFLICT (shopper_id, product_id) DO NOTHING
   RETURNING product_id`,
);
const REMOVE_ITEM = namedStatement('wishlist.remove', 'DELETE FROM wishlist_items WHERE shopper_id = $1 AND product_id = lower($2) RETURNING product_id');

export const wishlistRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/wishlist',
    {
      schema: {
        operationId: 'getWishlist',
        summary: 'The products on the shopper’s wishlist',
        tags: ['wishlist'],
        security: access.shopper,
        querystring: NoQuerySchema,
        response: { 200: Type.Array(ProductSchema), ...errorResponses },
      },
    },
    async (request) => listWishlistProducts(database, request.shopperId),
  );

  app.post(
    '/wishlist',
    {
      schema: {
        operationId: 'addToWishlist',
        summary: 'Puts a product on the shopper’s wishlist (201; 200 when it was there already)',
        tags: ['wishlist'],
        security: access.shopper,
        querystring: NoQuerySchema,
        body: WishlistPayloadSchema,
        response: { 200: ProductSchema, 201: ProductSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const product = await findProductById(database, request.body.id);
      if (!product) return reply.code(404).send(apiError('not_found', `No product "${request.body.id}"`));
      await ensureShopper(database, request.shopperId);
      const inserted = await database.query(ADD_ITEM, [request.shopperId, product.id]);
      return reply.code(inserted.rows.length > 0 ? 201 : 200).send(product);
    },
  );

  app.delete(
    '/wishlist/:id',
    {
      schema: {
        operationId: 'removeFromWishlist',
        summary: 'Takes a product off the shopper’s wishlist, answering the product',
        tags: ['wishlist'],
        security: access.shopper,
        params: Type.Object({ id: IdentifierSchema }, { additionalProperties: false }),
        querystring: NoQuerySchema,
        response: { 200: ProductSchema, ...writeErrorResponses },
      },
    },
    async (request, reply) => {
      const removed = await database.query<{ product_id: string }>(REMOVE_ITEM, [request.shopperId, request.params.id]);
      const productId = removed.rows[0]?.product_id;
      const product = productId === undefined ? null : await findProductById(database, productId);
      if (!product) return reply.code(404).send(apiError('not_found', `No wishlist item "${request.params.id}"`));
      return product;
    },
  );
};
