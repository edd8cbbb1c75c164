import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ContactMessageBodySchema, ErrorSchema } from '@storefront/contracts';
import { isBlankPhone, normalisePhone, validateContactMessage } from '@storefront/shared/domain';
import { changesTextDirection, DIRECTION_CONTROL_MESSAGE } from '@storefront/shared/text-direction';
import type { Database } from '../../db/database';
import type { ApiLimits } from '../../limits';
import { apiError } from '../../schemas/errors';
import { limitPerAddress } from '../../plugins/rateLimits';
import { MessageSchema } from '../../schemas/auth';
import { access } from '../../schemas/access';
import { NoQuerySchema, writeErrorResponses } from '../../schemas/common';

export const MESSAGE_RECEIVED = 'Thank you for your message. We reply within one working day.';

const responses = { ...writeErrorResponses, 429: ErrorSchema };

/**
 * The contact page's messages (the newsletter is modules/newsletter). Limited per client address
 * (limits.ts: 10 in 10 minutes by default), every request counting, refused ones too; the one
 * past it is a 429 with Retry-After that stores nothing.
 */
export const messageRoutes: FastifyPluginAsyncTypebox<{ database: Database; limits: ApiLimits }> = async (app, { database, limits }) => {
  app.post(
    '/contact-messages',
    {
      schema: {
        operationId: 'sendContactMessage',
        summary: 'A message to the shop from its contact page',
        description: '400 `invalid_message` names the field; 429 `too_many_messages` with `Retry-After` past the limit per address.',
        tags: ['shop'],
        security: access.anyone,
        querystring: NoQuerySchema,
        body: ContactMessageBodySchema,
        response: { 201: MessageSchema, ...responses },
      },
      config: {
        rateLimit: limitPerAddress('contact', limits.contact, (wait) =>
          apiError('too_many_messages', `You have sent several messages in a short while. Please try again in ${wait}.`),
        ),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const errors = validateContactMessage(body);
      // The shop reads these names. Checked here rather than in the shared rules, which every
      // page's first load carries.
      if (!errors.name && changesTextDirection(body.name)) errors.name = `Your name ${DIRECTION_CONTROL_MESSAGE}.`;
      const firstError = Object.values(errors)[0];
      if (firstError) return reply.code(400).send(apiError('invalid_message', firstError));
      const phone = isBlankPhone(body.phone) ? null : normalisePhone(body.phone ?? '');

      await database.query(
        `INSERT INTO contact_messages (name, email, phone, subject, message, address, shopper_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [body.name.trim(), body.email.trim(), phone, body.subject.trim(), body.message.trim(), request.ip, request.shopperId || null],
      );
      return reply.code(201).send({ message: MESSAGE_RECEIVED });
    },
  );
};
