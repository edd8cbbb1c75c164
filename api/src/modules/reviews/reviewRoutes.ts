import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema, NewReviewSchema, ReviewPageSchema, ReviewSchema } from '@storefront/contracts';
import { withoutDirectionControls } from '@storefront/shared/text-direction';
import type { User } from '../../identity/users';
import type { Database } from '../../db/database';
import { apiError } from '../../schemas/errors';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema, writeErrorResponses } from '../../schemas/common';
import { requireSignedIn } from '../../identity/sessions';
import { addReview, findProductId, listReviews } from './reviewQueries';
import { DEFAULT_REVIEWS_PER_PAGE, ReviewListParamsSchema, ReviewListQuerySchema } from './reviewSchemas';

/** The reviews table's bound on an author's name, in characters. */
const MAX_AUTHOR_NAME = 100;

/**
 * First name and initial: what other shoppers see of the author. Names saved before direction
 * controls were refused may hold some; other shoppers never see them. Characters, not UTF-16
 * units, are counted and cut: the initial is never half of a surrogate pair, and a first name of
 * the full 100 characters is shortened to fit beside it rather than failing the review.
 */
function authorNameOf(user: User): string {
  const [initial = ''] = withoutDirectionControls(user.last_name);
  const firstName = Array.from(withoutDirectionControls(user.first_name)).slice(0, MAX_AUTHOR_NAME - 3).join('');
  return `${firstName} ${initial}.`;
}

/**
 * GET /products/{id}/reviews: a product's reviews, newest first, a page at a time.
 * POST /products/{id}/reviews: a signed-in shopper's review, one per product.
 */
export const reviewRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/products/:id/reviews',
    {
      schema: {
        operationId: 'listProductReviews',
        summary: 'A product’s reviews, newest first, with their totals',
        tags: ['catalogue'],
        security: access.anyone,
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

  app.post(
    '/products/:id/reviews',
    {
      // Folds into the product's rating and counts: answered only once the product cache has heard of it.
      config: { changesProducts: true },
      schema: {
        operationId: 'addProductReview',
        summary: 'The signed-in shopper’s review of a product, one per product',
        tags: ['catalogue'],
        security: access.signedIn,
        params: ReviewListParamsSchema,
        querystring: NoQuerySchema,
        body: NewReviewSchema,
        response: { 201: ReviewSchema, ...writeErrorResponses, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      if (!user) return reply;
      const productId = await findProductId(database, request.params.id);
      if (!productId) return reply.code(404).send(apiError('not_found', `No product "${request.params.id}"`));
      const review = await database.transaction((tx) =>
        addReview(tx, {
          productId,
          userId: user.id,
          authorName: authorNameOf(user),
          rating: request.body.rating,
          title: request.body.title?.trim() ?? '',
          body: request.body.body.trim(),
        }),
      );
      if (!review) return reply.code(409).send(apiError('already_reviewed', 'You have already reviewed this product.'));
      return reply.code(201).send(review);
    },
  );
};
