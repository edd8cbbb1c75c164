import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '@storefront/contracts';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { MAIL_STATUSES, outboxOverview, retryOutboxMail } from '../../mail/outbox';
import { apiError } from '../../schemas/errors';
import { access } from '../../schemas/access';
import { NoQuerySchema } from '../../schemas/common';

const MailStatusSchema = Type.Enum(MAIL_STATUSES);
/** An outbox id as the list shows it: a whole number. */
const MailIdSchema = Type.String({ pattern: '^[0-9]{1,18}$', description: 'an id from the mail list' });

export const MAIL_LIST_DEFAULT = 50;

const MailListQuerySchema = Type.Object(
  {
    status: Type.Optional(MailStatusSchema),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);

const OutboxEntrySchema = Type.Object(
  {
    id: Type.String(),
    status: MailStatusSchema,
    recipient: Type.String(),
    subject: Type.String(),
    created_at: Type.String(),
    attempts: Type.Integer(),
    last_attempt_at: Type.Union([Type.String(), Type.Null()]),
    next_attempt_at: Type.Union([Type.String(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    sent_at: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);

const MailListSchema = Type.Object(
  {
    counts: Type.Object(
      { pending: Type.Integer(), sent: Type.Integer(), failed: Type.Integer(), kept: Type.Integer() },
      { additionalProperties: false },
    ),
    mail: Type.Array(OutboxEntrySchema),
  },
  { additionalProperties: false },
);

/** Either the ids to send again, or every failed mail: one of the two. */
const MailRetryBodySchema = Type.Object(
  {
    ids: Type.Optional(Type.Array(MailIdSchema, { minItems: 1, maxItems: 500 })),
    all_failed: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);

const MailRetryAnswerSchema = Type.Object(
  { queued: Type.Array(Type.String()), not_retried: Type.Array(Type.String()) },
  { additionalProperties: false },
);

const responses = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema, 500: ErrorSchema, 503: ErrorSchema };

/**
 * The mail outbox for operators (and `npm run mail`): what is waiting, what could not be sent and
 * why, and sending it again once the mail server (or the address) is put right. The list never
 * holds a mail's text: reset links and sign-in codes are the shopper's alone.
 * Registered inside operatorRoutes, behind its checks.
 */
export const operatorMailRoutes: FastifyPluginAsyncTypebox<{ database: Database; mail: Mailer; now: () => Date }> = async (app, { database, mail, now }) => {
  app.get(
    '/operator/mail',
    {
      schema: {
        operationId: 'listOutboxMail',
        summary: 'The mail outbox: counts by status, and the latest mail without its text',
        tags: ['operator'],
        security: access.operator,
        querystring: MailListQuerySchema,
        response: { 200: MailListSchema, ...responses },
      },
    },
    async (request) => {
      const { status = null, limit = MAIL_LIST_DEFAULT } = request.query;
      return outboxOverview(database, status, limit);
    },
  );

  app.post(
    '/operator/mail/retry',
    {
      schema: {
        operationId: 'retryOutboxMail',
        summary: 'Sends mail again: the ids given, or every failed one',
        tags: ['operator'],
        security: access.operator,
        querystring: NoQuerySchema,
        body: MailRetryBodySchema,
        response: { 200: MailRetryAnswerSchema, ...responses },
      },
    },
    async (request, reply) => {
      const { ids, all_failed: allFailed } = request.body;
      if ((ids === undefined) === (allFailed === undefined)) {
        return reply.code(400).send(apiError('invalid_ids', 'Give either ids (the mails to send again) or all_failed: true, not both.'));
      }
      const result = await retryOutboxMail(database, ids ? { ids } : { allFailed: true }, now());
      if (result.queued.length > 0) mail.wake();
      return { queued: result.queued, not_retried: result.notRetried };
    },
  );
};
