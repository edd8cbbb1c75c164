import type { ReviewPageSchema, ReviewRatingCountSchema, ReviewSchema, Static } from '@storefront/contracts';

/** One shopper's review of a product, as GET /products/{id}/reviews lists it. */
export type ProductReview = Static<typeof ReviewSchema>;

/** How many of a product's reviews gave `rating` stars. */
export type ReviewRatingCount = Static<typeof ReviewRatingCountSchema>;

/** A page of a product's reviews, newest first, with what all of its reviews add up to. */
export type ProductReviewPage = Static<typeof ReviewPageSchema>;
