import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTACT_LIMITS, isBlankPhone, isEmailAddress, normalisePhone, validateContactMessage } from '@storefront/shared/domain';
import { changesTextDirection, DIRECTION_CONTROL_MESSAGE } from '@storefront/shared/text-direction';
import { Type } from 'typebox';
import { emailKey } from '../../auth/users';
import type { Database } from '../../db/database';
import { apiError } from '../../plugins/errors';
import { MessageSchema } from '../../schemas/auth';
import { errorResponses, ErrorSchema, NoQuerySchema } from '../../schemas/common';

/** A client may send this many contact messages in the window; the next is a 429 until one leaves it. */
export const CONTACT_MESSAGE_LIMIT = 5;
export const CONTACT_WINDOW_SECONDS = 10 * 60;

export const SUBSCRIBED = 'Thanks! You are subscribed to our newsletter.';
export const ALREADY_SUBSCRIBED = 'You are already subscribed: nothing more to do.';
export const MESSAGE_RECEIVED = 'Thank you for your message. We reply within one working day.';

const NewsletterBodySchema = Type.Object({ email: Type.String({ maxLength: CONTACT_LIMITS.email }) }, { additionalProperties: false });

// Only bounds here: the shared rules give each field its friendly message.
const ContactBodySchema = Type.Object(
  {
    name: Type.String({ maxLength: CONTACT_LIMITS.name * 2 }),
    email: Type.String({ maxLength: CONTACT_LIMITS.email }),
    phone: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.phone })),
    subject: Type.String({ maxLength: CONTACT_LIMITS.subject * 2 }),
    message: Type.String({ maxLength: CONTACT_LIMITS.message * 2 }),
  },
  { additionalProperties: false },
);

const responses = { ...errorResponses, 429: ErrorSchema };

/** The footer's newsletter subscription and the contact page's messages. */
export const messageRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.post(
    '/newsletter',
    { schema: { querystring: NoQuerySchema, body: NewsletterBodySchema, response: { 200: MessageSchema, 201: MessageSchema, ...responses } } },
    async (request, reply) => {
      const { email } = request.body;
      if (!email.trim()) return reply.code(400).send(apiError('invalid_email', 'Enter your email address.'));
      if (!isEmailAddress(email)) return reply.code(400).send(apiError('invalid_email', 'Enter a valid email address.'));
      const inserted = await database.query(
        `INSERT INTO newsletter_subscribers (email, email_key) VALUES ($1, $2) ON CONFLICT (email_key) DO NOTHING RETURNING id`,
        [email.trim(), emailKey(email)],
      );
      return inserted.rows.length > 0 ? reply.code(201).send({ message: SUBSCRIBED }) : reply.code(200).send({ message: ALREADY_SUBSCRIBED });
    },
  );

  app.post(
    '/contact-messages',
    { schema: { querystring: NoQuerySchema, body: ContactBodySchema, response: { 201: MessageSchema, ...responses } } },
    async (request, reply) => {
      const body = request.body;
      const errors = validateContactMessage(body);
      // The shop reads these names. Checked here rather than in the shared rules, which every
      // page's first load carries.
      if (!errors.name && changesTextDirection(body.name)) errors.name = `Your name ${DIRECTION_CONTROL_MESSAGE}.`;
      const firstError = Object.values(errors)[0];
      if (firstError) return reply.code(400).send(apiError('invalid_message', firstError));
      const phone = isBlankPhone(body.phone) ? null : normalisePhone(body.phone ?? '');

      const wait = await database.transaction(async (tx) => {
        // One client's messages are counted and stored one at a time, so a burst cannot slip past the limit.
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('storefront:contact:' || $1))`, [request.ip]);
        const recent = await tx.query<{ wait: number | string | null }>(
          `SELECT EXTRACT(EPOCH FROM created_at + make_interval(secs => $2) - now()) AS wait FROM contact_messages
            WHERE address = $1 AND created_at > now() - make_interval(secs => $2)
            ORDER BY created_at DESC OFFSET $3 - 1 LIMIT 1`,
          [request.ip, CONTACT_WINDOW_SECONDS, CONTACT_MESSAGE_LIMIT],
        );
        const seconds = Number(recent.rows[0]?.wait ?? 0);
        if (seconds > 0) return Math.ceil(seconds);
        await tx.query(
          `INSERT INTO contact_messages (name, email, phone, subject, message, address, shopper_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [body.name.trim(), body.email.trim(), phone, body.subject.trim(), body.message.trim(), request.ip, request.shopperId || null],
        );
        return 0;
      });
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60);
        return reply
          .code(429)
          .header('Retry-After', String(wait))
          .send(apiError('too_many_messages', `You have sent several messages in a short while. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`));
      }
      return reply.code(201).send({ message: MESSAGE_RECEIVED });
    },
  );
};
