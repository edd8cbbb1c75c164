import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorSchema, NewsletterBodySchema, NewsletterTokenBodySchema, NewsletterUnsubscribeBodySchema } from '@storefront/contracts';
import { isEmailAddress } from '@storefront/shared/domain';
import { Type } from 'typebox';
import type { Database } from '../../db/database';
import type { ApiLimits } from '../../limits';
import { confirmSubscription, isNewsletterToken, NEWSLETTER_CONFIRM_DAYS, requestSubscription, unsubscribe, type NewsletterMailing } from './subscriptions';
import { ApiFailure, apiError } from '../../schemas/errors';
import { limitPerAddress } from '../../plugins/rateLimits';
import { MessageSchema } from '../../schemas/auth';
import { access } from '../../schemas/access';
import { NoQuerySchema, writeErrorResponses } from '../../schemas/common';

/** The answer to every sign-up, whatever the address's state: it never tells who is subscribed. */
export const SUBSCRIPTION_REQUESTED = 'Almost done: check your inbox for a link to confirm your subscription.';
export const SUBSCRIBED = 'You are subscribed to our newsletter.';
export const ALREADY_SUBSCRIBED = 'You were already subscribed.';
export const UNSUBSCRIBED = 'You are unsubscribed: we will send you no more newsletters.';

const TOKEN_MESSAGE = 'must be the token from the link we mailed you: open the link again, or copy all of it';
const CONFIRM_LINK_UNKNOWN =
  'We do not know this confirmation link (body/token): it may have been replaced by a newer one we mailed, or the subscription has ended. Sign up again for a new link.';
const CONFIRM_LINK_EXPIRED = `This confirmation link has expired: links work for ${NEWSLETTER_CONFIRM_DAYS} days. Sign up again and we will mail you a new one.`;

/** The token of a mail's unsubscribe link, which a mail program may post to the link's own address. */
const UnsubscribeQuerySchema = Type.Object({ token: NewsletterUnsubscribeBodySchema.properties.token }, { additionalProperties: false });

/** A one-click POST is a small form: its one field, and nothing much more. */
const FORM_BODY_LIMIT_BYTES = 2048;

/** The two forms a mail program may post (RFC 8058 prefers multipart/form-data, allows the other). */
export const ONE_CLICK_FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'] as const;

/** The media type of a request's Content-Type, lower case, without its parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * The text fields of a small multipart/form-data body (RFC 7578), by name; null when it is not
 * one. Files have no place in a one-click unsubscribe and are left out.
 */
export function multipartFields(body: string, contentType: string): Record<string, string> | null {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  const delimiter = boundary?.[1] ?? boundary?.[2];
  if (!delimiter) return null;
  const parts = body.split(`--${delimiter}`);
  // Before the first delimiter: a preamble; after the last ("--"): the end.
  if (parts.length < 2 || !parts[parts.length - 1]?.startsWith('--')) return null;
  const fields: Record<string, string> = {};
  for (const part of parts.slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const headers = part.slice(0, split);
    const name = /content-disposition:\s*form-data\s*;[^\r\n]*?\bname="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined || /\bfilename=/i.test(headers)) continue;
    fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

export interface NewsletterRoutesOptions {
  database: Database;
  limits: ApiLimits;
  /** The newsletter's mail: the confirmation link, the welcome, the cap per inbox. */
  mailing: NewsletterMailing;
}

/**
 * The newsletter: the footer's sign-up, the confirmation link, and unsubscribing (from the
 * storefront's page or a mail program's button). Outside the shopper's cookie: none of these
 * reads or sets one, so a mail provider's POST leaves nothing behind. modules/newsletter/subscriptions.ts
 * has the rules.
 */
export const newsletterRoutes: FastifyPluginAsyncTypebox<NewsletterRoutesOptions> = async (app, { database, limits, mailing }) => {
  app.post(
    '/newsletter',
    {
      schema: {
        operationId: 'subscribeToNewsletter',
        summary: 'Asks an address to confirm its newsletter subscription by a mailed link',
        description: 'The same 202 whatever the address’s state.',
        tags: ['newsletter'],
        security: access.anyone,
        querystring: NoQuerySchema,
        body: NewsletterBodySchema,
        response: { 202: MessageSchema, ...writeErrorResponses, 429: ErrorSchema },
      },
      config: {
        // Every request counts, refused ones too: past it a 429 with Retry-After, nothing stored.
        rateLimit: limitPerAddress('newsletter', limits.newsletter, (wait) =>
          apiError('too_many_requests', `Too many subscriptions from your connection. Please try again in ${wait}.`),
        ),
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      if (!email.trim()) return reply.code(400).send(apiError('invalid_email', 'Enter your email address.'));
      if (!isEmailAddress(email)) return reply.code(400).send(apiError('invalid_email', 'Enter a valid email address.'));
      await database.transaction((tx) => requestSubscription(tx, mailing, { email, source: 'footer' }));
      return reply.code(202).send({ message: SUBSCRIPTION_REQUESTED });
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        operationId: 'confirmNewsletter',
        summary: 'Confirms a newsletter subscription with the mailed link’s token',
        description: '200 again for one confirmed already; 410 `link_expired` after 7 days; 404 `unknown_token`.',
        tags: ['newsletter'],
        security: access.anyone,
        querystring: NoQuerySchema,
        body: NewsletterTokenBodySchema,
        response: { 200: MessageSchema, ...writeErrorResponses, 410: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token } = request.body;
      if (!isNewsletterToken(token)) return reply.code(400).send(apiError('invalid_token', `body/token ${TOKEN_MESSAGE}.`));
      const outcome = await confirmSubscription(database, mailing, token);
      switch (outcome) {
        case 'subscribed':
          return reply.code(200).send({ message: SUBSCRIBED });
        case 'already_subscribed':
          return reply.code(200).send({ message: ALREADY_SUBSCRIBED });
        case 'expired':
          return reply.code(410).send(apiError('link_expired', CONFIRM_LINK_EXPIRED));
        case 'unknown':
          return reply.code(404).send(apiError('unknown_token', CONFIRM_LINK_UNKNOWN));
      }
    },
  );

  await app.register(async (oneClick) => {
    // Mail programs post a form (RFC 8058); only this route reads one.
    oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    oneClick.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES }, (request, body, done) => {
      const fields = multipartFields(String(body), request.headers['content-type'] ?? '');
      if (fields) done(null, fields);
      else done(new ApiFailure(400, apiError('bad_request', 'The body is not a multipart/form-data form.')), undefined);
    });

    oneClick.withTypeProvider<TypeBoxTypeProvider>().post(
      '/newsletter/unsubscribe',
      {
        // The one-click form comes from the mail provider, not from the store (plugins/crossSite.ts).
        config: { oneClickUnsubscribe: true },
        schema: {
          operationId: 'unsubscribeFromNewsletter',
          summary: 'Unsubscribes the address of a mail’s token, from the storefront or a mail program’s one-click button',
          description: 'The token in the body or in `?token=`; a mail program posts the form of RFC 8058 (`List-Unsubscribe=One-Click`). Idempotent.',
          tags: ['newsletter'],
          security: access.anyone,
          consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
          querystring: UnsubscribeQuerySchema,
          body: NewsletterUnsubscribeBodySchema,
          response: { 200: MessageSchema, ...writeErrorResponses },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const fromQuery = request.query.token;
        const fromBody = request.body.token;
        const oneClickForm = (ONE_CLICK_FORM_TYPES as readonly string[]).includes(mediaType(request.headers['content-type']));
        if (oneClickForm && request.body['List-Unsubscribe'] !== 'One-Click') {
          return reply.code(400).send(apiError('bad_request', 'body/List-Unsubscribe must be One-Click'));
        }
        if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody) {
          return reply.code(400).send(apiError('invalid_token', 'Give the token once: in the address (querystring/token) or in the body (body/token).'));
        }
        const token = fromQuery ?? fromBody;
        if (token === undefined) return reply.code(400).send(apiError('invalid_token', `body/token is required: it ${TOKEN_MESSAGE}.`));
        if (!isNewsletterToken(token)) {
          return reply.code(400).send(apiError('invalid_token', `${fromQuery !== undefined ? 'querystring' : 'body'}/token ${TOKEN_MESSAGE}.`));
        }
        await unsubscribe(database, token);
        return reply.code(200).send({ message: UNSUBSCRIBED });
      },
    );
  });
};
