import { Type } from 'typebox';
import { IdentifierSchema, OptionalShownText, ShownText } from './common';

/** The most reviews one page of GET /products/{id}/reviews holds. */
export const MAX_REVIEWS_PER_PAGE = 50;

/** One shopper's review of a product, as GET /products/{id}/reviews lists it (shared `ProductReview`). */
export const ReviewSchema = Type.Object(
  {
    id: Type.String({ maxLength: 40 }),
    product_id: IdentifierSchema,
    author_name: Type.String({ minLength: 1, maxLength: 100 }),
    /** Whole stars, 1 to 5. */
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    title: Type.String({ maxLength: 200 }),
    body: Type.String({ maxLength: 5000 }),
    /** ISO 8601. */
    created_at: Type.String({ maxLength: 40 }),
    /** The author's account had ordered the product when the review was written. */
    verified_buyer: Type.Boolean(),
  },
  { additionalProperties: false },
);

/** How many of a product's reviews gave `rating` stars (shared `ReviewRatingCount`). */
export const ReviewRatingCountSchema = Type.Object(
  { rating: Type.Integer({ minimum: 1, maximum: 5 }), count: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

/**
 * A page of a product's reviews, newest first, with what all of its reviews add up to (shared
 * `ProductReviewPage`).
 */
export const ReviewPageSchema = Type.Object(
  {
    reviews: Type.Array(ReviewSchema, { maxItems: MAX_REVIEWS_PER_PAGE }),
    /** All the product's reviews, not just this page's. */
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_REVIEWS_PER_PAGE }),
    /** Mean of all the product's review ratings, two decimals; 0 when there are none. */
    average: Type.Number({ minimum: 0, maximum: 5 }),
    /** One entry for each of 5, 4, 3, 2 and 1 stars, in that order. */
    rating_counts: Type.Array(ReviewRatingCountSchema, { minItems: 5, maxItems: 5 }),
    /** How many of all the product's reviews are from verified buyers. */
    verified_count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** What a signed-in shopper writes: whole stars, an optional title, and the review itself. */
export const NewReviewSchema = Type.Object(
  {
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    title: Type.Optional(OptionalShownText(200)),
    body: ShownText(5000),
  },
  { additionalProperties: false },
);
