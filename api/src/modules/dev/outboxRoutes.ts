import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import { developerOutbox } from '../../mail/outbox';
import { OutboxMailSchema } from '../../schemas/auth';
import { errorResponses } from '../../schemas/common';

/**
 * For developers and tests only, never registered in production: the mail the shop sent, or
 * would have sent without a mail server (SMTP_URL), as plain text.
 */
export const devRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        // Not part of the api the storefront publishes: left out of the OpenAPI document.
        hide: true,
        querystring: Type.Object({ recipient: Type.Optional(Type.String({ maxLength: 254 })) }, { additionalProperties: false }),
        response: { 200: Type.Array(OutboxMailSchema), ...errorResponses },
      },
    },
    async (request) => developerOutbox(database, request.query.recipient ?? null),
  );
};
