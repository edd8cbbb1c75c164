import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/database';
import { apiError } from '../../plugins/errors';
import { errorResponses } from '../../schemas/common';
import { findProductId, listReviews } from './reviewQueries';
import { DEFAULT_REVIEWS_PER_PAGE, ReviewListParamsSchema, ReviewListQuerySchema, ReviewPageSchema } from './reviewSchemas';

/** GET /products/{id}/reviews: a product's reviews, newest first, a page at a time. */
export const reviewRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/products/:id/reviews',
    {
      schema: {
        params: ReviewListParamsSchema,
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const productId = await findProductId(database, request.params.id);
      if (!productId) return reply.code(404).send(apiError('not_found', `No product "${request.params.id}"`));
      const { page = 1, limit = DEFAULT_REVIEWS_PER_PAGE } = request.query;
      return listReviews(database, productId, { page, limit });
    },
  );
};
