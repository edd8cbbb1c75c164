import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { DatabaseUnavailableError } from '../../db/errors';
import { DEFAULT_HEALTH_TIMEOUT_MS } from '../../options';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema } from '../../schemas/common';

export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database; timeoutMs?: number }> = async (
  app,
  { database, timeoutMs = DEFAULT_HEALTH_TIMEOUT_MS },
) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Whether the api and its database answer',
        description: '503 `database_unavailable` when the database does not answer within a second.',
        tags: ['service'],
        security: access.anyone,
        querystring: NoQuerySchema,
        response: {
          200: Type.Object(
            {
              status: Type.Literal('ok'),
              database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
            },
            { additionalProperties: false },
          ),
          ...errorResponses,
        },
      },
    },
    async () => {
      // A round trip, so a dead connection shows up here rather than on the first shopper; within
      // timeoutMs, so a load balancer asking hears "unavailable" (503) rather than nothing.
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          database.query('SELECT 1'),
          new Promise<never>((_resolve, reject) => {
            timer = setTimeout(() => reject(new DatabaseUnavailableError(`The database did not answer /health within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok' as const, database: database.kind };
    },
  );
};
