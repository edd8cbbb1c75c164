import { Type } from 'typebox';

// The account's bodies and answers are in @storefront/contracts; the answers below are the api's own (no client reads them).

export { MessageSchema, SignedOutOthersSchema } from '@storefront/contracts';

export const OutboxMailSchema = Type.Object(
  { id: Type.Integer(), recipient: Type.String(), subject: Type.String(), body: Type.String(), created_at: Type.String() },
  { additionalProperties: false },
);
