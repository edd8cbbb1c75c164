import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { CatalogueIndex } from '../../catalogue/catalogueIndex';
import type { Database } from '../../db/database';
import { errorResponses, NoQuerySchema } from '../../schemas/common';

export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database; catalogueIndex: CatalogueIndex }> = async (
  app,
  { database, catalogueIndex },
) => {
  app.get(
    '/health',
    {
      schema: {
        querystring: NoQuerySchema,
        response: {
          200: Type.Object(
            {
              status: Type.Literal('ok'),
              database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
              /** Whether listings, facets and suggestions come from memory now, or from the database while it catches up. */
              catalogue_index: Type.Union([Type.Literal('current'), Type.Literal('catching up')]),
            },
            { additionalProperties: false },
          ),
          ...errorResponses,
        },
      },
    },
    async () => {
      // A round trip, so a dead connection shows up here rather than on the first shopper.
      await database.query('SELECT 1');
      return { status: 'ok' as const, database: database.kind, catalogue_index: catalogueIndex.isCurrent ? ('current' as const) : ('catching up' as const) };
    },
  );
};
