import { IdentifierSchema, MAX_REVIEWS_PER_PAGE } from '@storefront/contracts';
import { Type } from 'typebox';

// The reviews' wire shapes are in @storefront/contracts; here only the path and query the api reads.

export const DEFAULT_REVIEWS_PER_PAGE = 10;

export const ReviewListParamsSchema = Type.Object({ id: IdentifierSchema }, { additionalProperties: false });

export const ReviewListQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_REVIEWS_PER_PAGE, default: DEFAULT_REVIEWS_PER_PAGE })),
  },
  { additionalProperties: false },
);
