import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RequiredText, SearchSuggestionsSchema } from '@storefront/contracts';
import { Type } from 'typebox';
import type { ProductDetailCache, SearchLexicon } from '../catalogue';
import type { Database } from '../../db/database';
import { access } from '../../schemas/access';
import { errorResponses } from '../../schemas/common';
import { explainQueryErrors, readCatalogue } from '../catalogue';
import { suggest } from './suggestQueries';

const SuggestQuerySchema = Type.Object(
  {
    /** The text typed so far: required, and not only spaces (the search box requires text). */
    q: RequiredText(100),
    /** A category by id or name; suggestions stay within it and its sub-categories. */
    category: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);

/**
 * What the answer depends on: the text as typed, in any letter case and without spaces around it
 * (suggest() reads no more of it), and the category.
 */
export function suggestionsKey(q: string, category: string | undefined): string {
  return JSON.stringify(['suggest', q.trim().toLowerCase(), category?.toLowerCase() ?? null]);
}

/**
 * The header's live search: GET /search/suggest?q=…&category=…. Shoppers type the same first
 * letters again and again, so answers are kept in memory until any product changes
 * (ProductDetailCache); none of them reads the time.
 */
export const searchRoutes: FastifyPluginAsyncTypebox<{
  database: Database;
  productCache: ProductDetailCache;
  lexicon: SearchLexicon;
}> = async (app, { database, productCache, lexicon }) => {
  app.get(
    '/search/suggest',
    {
      schema: {
        operationId: 'suggestSearch',
        summary: 'The live search’s suggestions: products and categories matching what is typed',
        tags: ['catalogue'],
        security: access.anyone,
        querystring: SuggestQuerySchema,
        // The body is written from bytes serialised once (below); the schema says what they hold.
        response: { 200: Type.Unsafe<Buffer>(SearchSuggestionsSchema), ...errorResponses },
      },
      schemaErrorFormatter: explainQueryErrors,
    },
    async (request, reply) => {
      const { q, category } = request.query;
      const answer = await productCache.answer(suggestionsKey(q, category), async () => ({
        body: Buffer.from(JSON.stringify(await readCatalogue(database, (db) => suggest(db, q, category, lexicon)))),
      }));
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );
};
