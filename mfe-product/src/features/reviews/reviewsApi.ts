import { baseApi, type ProductReviewPage } from '@storefront/shared';

export const REVIEWS_PER_PAGE = 5;

/** GET /products/{id}/reviews a page at a time: "Show more reviews" fetches the next page. */
export const reviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProductReviews: build.infiniteQuery<ProductReviewPage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage) => (lastPage.page * lastPage.limit < lastPage.total ? lastPage.page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => `products/${encodeURIComponent(queryArg)}/reviews?page=${pageParam}&limit=${REVIEWS_PER_PAGE}`,
    }),
  }),
  overrideExisting: 'throw',
});

export const { useGetProductReviewsInfiniteQuery } = reviewsApi;
