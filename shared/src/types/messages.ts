import type { ContactMessageBodySchema, NewsletterBodySchema, NewsletterTokenBodySchema, Static } from '@storefront/contracts';

/** POST /contact-messages: what the contact page sends (domain/contactMessage.ts has its rules). */
export interface ContactMessageInput extends Static<typeof ContactMessageBodySchema> {}

/** POST /newsletter: the footer's sign-up, answered with a mailed link to confirm. */
export interface NewsletterSignUp extends Static<typeof NewsletterBodySchema> {}

/** A newsletter mail's link: the token it carries, posted to confirm or to unsubscribe. */
export interface NewsletterToken extends Static<typeof NewsletterTokenBodySchema> {}
