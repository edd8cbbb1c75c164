import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { errorResponses, Nullable } from '../../schemas/common';
import { CategorySchema, PictureSchema } from '../../schemas/product';
import { explainQueryErrors } from '../products/queryErrors';
import { readCatalogue } from '../products/readCatalogue';
import { MAX_SUGGESTED_CATEGORIES, MAX_SUGGESTED_PRODUCTS, suggest } from './suggestQueries';

const SuggestQuerySchema = Type.Object(
  {
    /** The text typed so far: required, and not only spaces (§5: the search text is required). */
    q: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    /** A category by id or name; suggestions stay within it and its sub-categories. */
    category: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);

const SuggestionsSchema = Type.Object(
  {
    products: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          name: Type.String(),
          link: Type.String(),
          price: Type.Number({ minimum: 0 }),
          on_sale_price: Nullable(Type.Number({ minimum: 0 })),
          on_sale_until: Nullable(Type.String()),
          thumbnail: Nullable(PictureSchema),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_SUGGESTED_PRODUCTS },
    ),
    categories: Type.Array(CategorySchema, { maxItems: MAX_SUGGESTED_CATEGORIES }),
  },
  { additionalProperties: false },
);

/** The header's live search: GET /search/suggest?q=…&category=…. */
export const searchRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/search/suggest',
    {
      schema: { querystring: SuggestQuerySchema, response: { 200: SuggestionsSchema, ...errorResponses } },
      schemaErrorFormatter: explainQueryErrors,
    },
    async (request) => readCatalogue(database, (db) => suggest(db, request.query.q, request.query.category)),
  );
};
