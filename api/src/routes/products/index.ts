import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { apiError } from '../../plugins/errors';
import { errorResponses, IdentifierSchema, NoQuerySchema } from '../../schemas/common';
import { ProductListQuerySchema, ProductSchema } from '../../schemas/product';
import { findProduct, listProducts } from './productQueries';

export const TOTAL_COUNT_HEADER = 'X-Total-Count';
const DEFAULT_LIMIT = 100;

export const productRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/products',
    {
      schema: {
        querystring: ProductListQuerySchema,
        response: { 200: Type.Array(ProductSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { page = 1, limit = DEFAULT_LIMIT, category, search } = request.query;
      const result = await listProducts(database, { category, search }, { offset: (page - 1) * limit, limit });
      reply.header(TOTAL_COUNT_HEADER, String(result.total));
      // The storefront may call from another origin in development; let it read the total.
      reply.header('Access-Control-Expose-Headers', TOTAL_COUNT_HEADER);
      return result.products;
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        params: Type.Object({ id: IdentifierSchema }, { additionalProperties: false }),
        querystring: NoQuerySchema,
        response: { 200: ProductSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const product = await findProduct(database, request.params.id);
      if (!product) return reply.code(404).send(apiError('not_found', `No product "${request.params.id}"`));
      return product;
    },
  );
};
