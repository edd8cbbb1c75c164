import type { ReviewPageSchema, ReviewRatingCountSchema, ReviewSchema, Static } from '@storefront/contracts';

/** One shopper's review of a product, as GET /products/{id}/reviews lists it. */
export interface ProductReview extends Static<typeof ReviewSchema> {}

/** How many of a product's reviews gave `rating` stars. */
export interface ReviewRatingCount extends Static<typeof ReviewRatingCountSchema> {}

/** A page of a product's reviews, newest first, with what all of its reviews add up to. */
export interface ProductReviewPage extends Static<typeof ReviewPageSchema> {}
