import { Type } from 'typebox';

/**
 * The longest name, email, phone, subject and message the contact form accepts, trimmed. The
 * same values as shared's CONTACT_LIMITS (shared/src/domain/contactMessage.ts), which the
 * contracts may not import (shared depends on them); the api's contracts test fails when the two
 * differ.
 */
const CONTACT_LIMITS = { name: 100, email: 254, phone: 40, subject: 150, message: 5000 } as const;

/**
 * POST /contact-messages (shared `ContactMessageInput`). Only bounds: shared's
 * validateContactMessage gives each field its friendly message, on the trimmed text, so the
 * fields shoppers write in may hold twice their limit before trimming.
 */
export const ContactMessageBodySchema = Type.Object(
  {
    name: Type.String({ maxLength: CONTACT_LIMITS.name * 2 }),
    email: Type.String({ maxLength: CONTACT_LIMITS.email }),
    phone: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.phone })),
    subject: Type.String({ maxLength: CONTACT_LIMITS.subject * 2 }),
    message: Type.String({ maxLength: CONTACT_LIMITS.message * 2 }),
  },
  { additionalProperties: false },
);

/** POST /newsletter (shared `NewsletterSignUp`): the address to mail a confirmation link to. */
export const NewsletterBodySchema = Type.Object({ email: Type.String({ maxLength: CONTACT_LIMITS.email }) }, { additionalProperties: false });

/** The token a newsletter mail's link carries. */
const NewsletterTokenSchema = Type.String({ maxLength: 200 });

/** POST /newsletter/confirm (shared `NewsletterToken`): the confirmation link's token. */
export const NewsletterTokenBodySchema = Type.Object({ token: NewsletterTokenSchema }, { additionalProperties: false });

/**
 * POST /newsletter/unsubscribe: from the storefront's page, JSON `{ token }` (shared
 * `NewsletterToken`); from a mail program's one-click button (RFC 8058), the form
 * `List-Unsubscribe=One-Click` with the token in the address.
 */
export const NewsletterUnsubscribeBodySchema = Type.Object(
  { token: Type.Optional(NewsletterTokenSchema), 'List-Unsubscribe': Type.Optional(Type.String({ maxLength: 100 })) },
  { additionalProperties: false },
);
