import { Type } from 'typebox';

// The account's bodies and shapes are in @storefront/contracts; these answers have no type in shared/src/types.

export const SignedOutOthersSchema = Type.Object(
  { message: Type.String(), signed_out: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

export const MessageSchema = Type.Object({ message: Type.String() }, { additionalProperties: false });

export const OutboxMailSchema = Type.Object(
  { id: Type.Integer(), recipient: Type.String(), subject: Type.String(), body: Type.String(), created_at: Type.String() },
  { additionalProperties: false },
);
