import type { NewReviewSchema, Static } from '@storefront/contracts';
import { baseApi, type ProductReview, type ProductReviewPage } from '@storefront/shared';

export const REVIEWS_PER_PAGE = 5;

/** A shopper's review as POST /products/{id}/reviews takes it: the api's own schema's type (types only: no bytes). */
export type NewReview = Static<typeof NewReviewSchema>;

/**
 * GET /products/{id}/reviews a page at a time ("Show more reviews" fetches the next page), and
 * POST to write one, which changes the product's rating and counts too.
 */
export const reviewsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Review'] }).injectEndpoints({
  endpoints: (build) => ({
    getProductReviews: build.infiniteQuery<ProductReviewPage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage) => (lastPage.page * lastPage.limit < lastPage.total ? lastPage.page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => `products/${encodeURIComponent(queryArg)}/reviews?page=${pageParam}&limit=${REVIEWS_PER_PAGE}`,
      providesTags: (_page, _error, productId) => [{ type: 'Review', id: productId }],
    }),
    addProductReview: build.mutation<ProductReview, { productId: string; review: NewReview }>({
      query: ({ productId, review }) => ({ url: `products/${encodeURIComponent(productId)}/reviews`, method: 'POST', body: review }),
      invalidatesTags: (_review, _error, { productId }) => [
        { type: 'Review', id: productId },
        { type: 'Product', id: productId },
        'Catalogue',
      ],
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetProductReviewsInfiniteQuery, useAddProductReviewMutation } = reviewsApi;
