import { Type } from 'typebox';
import { IdentifierSchema, OptionalShownText, ShownText } from '../../schemas/common';

export const MAX_REVIEWS_PER_PAGE = 50;
export const DEFAULT_REVIEWS_PER_PAGE = 10;

export const ReviewSchema = Type.Object(
  {
    id: Type.String({ maxLength: 40 }),
    product_id: IdentifierSchema,
    author_name: Type.String({ minLength: 1, maxLength: 100 }),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    title: Type.String({ maxLength: 200 }),
    body: Type.String({ maxLength: 5000 }),
    created_at: Type.String({ maxLength: 40 }),
    verified_buyer: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const ReviewRatingCountSchema = Type.Object(
  { rating: Type.Integer({ minimum: 1, maximum: 5 }), count: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

/** The shared `ProductReviewPage`. */
export const ReviewPageSchema = Type.Object(
  {
    reviews: Type.Array(ReviewSchema, { maxItems: MAX_REVIEWS_PER_PAGE }),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: MAX_REVIEWS_PER_PAGE }),
    average: Type.Number({ minimum: 0, maximum: 5 }),
    rating_counts: Type.Array(ReviewRatingCountSchema, { minItems: 5, maxItems: 5 }),
    verified_count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

export const ReviewListParamsSchema = Type.Object({ id: IdentifierSchema }, { additionalProperties: false });

export const ReviewListQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_REVIEWS_PER_PAGE, default: DEFAULT_REVIEWS_PER_PAGE })),
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
