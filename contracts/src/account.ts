import { Type } from 'typebox';
import { Nullable } from './common';
import { OrderSchema } from './order';
import { AddressSchema, UserSchema } from './user';

const Time = Type.String();

/** Where consent to the newsletter was asked for: the footer's sign-up, or the checkout's box. */
const NEWSLETTER_SOURCES = ['footer', 'checkout'] as const;

/**
 * Consent to the newsletter for the account's email: subscribed (consent given at
 * consented_at), pending (asked at requested_at, not confirmed) or none; where it was asked.
 */
export const NewsletterConsentSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('subscribed'), Type.Literal('pending'), Type.Literal('none')]),
    subscribed: Type.Boolean(),
    consented_at: Nullable(Time),
    source: Nullable(Type.Enum(NEWSLETTER_SOURCES)),
    requested_at: Nullable(Time),
  },
  { additionalProperties: false },
);

/**
 * POST /account/data-export (shared `AccountDataExport`): everything the store holds about one
 * account (POPIA section 23: a data subject may ask for it).
 */
export const AccountDataSchema = Type.Object(
  {
    exported_at: Time,
    profile: UserSchema,
    addresses: Type.Array(AddressSchema),
    orders: Type.Array(Type.Omit(OrderSchema, ['eft_payment', 'pay_by'])),
    reviews: Type.Array(
      Type.Object(
        {
          product_id: Type.String(),
          product_name: Type.String(),
          rating: Type.Integer(),
          title: Type.String(),
          body: Type.String(),
          author_name: Type.String(),
          verified_buyer: Type.Boolean(),
          created_at: Time,
        },
        { additionalProperties: false },
      ),
    ),
    wishlist: Type.Array(Type.Object({ product_id: Type.String(), product_name: Type.String(), added_at: Time }, { additionalProperties: false })),
    cart: Type.Array(
      Type.Object(
        {
          product_id: Type.String(),
          product_name: Type.String(),
          colour: Nullable(Type.String()),
          size: Nullable(Type.String()),
          qty: Type.Integer(),
          added_at: Time,
        },
        { additionalProperties: false },
      ),
    ),
    newsletter: NewsletterConsentSchema,
  },
  { additionalProperties: false },
);
