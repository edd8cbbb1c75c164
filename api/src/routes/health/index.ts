import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { errorResponses, NoQuerySchema } from '../../schemas/common';

export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      schema: {
        querystring: NoQuerySchema,
        response: {
          200: Type.Object(
            { status: Type.Literal('ok'), database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]) },
            { additionalProperties: false },
          ),
          ...errorResponses,
        },
      },
    },
    async () => {
      // A round trip, so a dead connection shows up here rather than on the first shopper.
      await database.query('SELECT 1');
      return { status: 'ok' as const, database: database.kind };
    },
  );
};
