import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
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
        querystring: Type.Object({ recipient: Type.Optional(Type.String({ maxLength: 254 })) }, { additionalProperties: false }),
        response: { 200: Type.Array(OutboxMailSchema), ...errorResponses },
      },
    },
    async (request) => {
      const mail = await database.query<{ id: number | string; recipient: string; subject: string; body: string; created_at: Date | string }>(
        `SELECT id, recipient, subject, body, created_at FROM outbox
         WHERE $1::text IS NULL OR lower(recipient) = lower($1)
         ORDER BY id DESC LIMIT 50`,
        [request.query.recipient ?? null],
      );
      return mail.rows.map((row) => ({ ...row, id: Number(row.id), created_at: new Date(row.created_at).toISOString() }));
    },
  );
};
