import { Type } from 'typebox';
import { RequiredText, ShownText } from './common';

/** A shopper's account as the api describes it (shared `User`): never with its password. */
export const UserSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    phone: Type.String(),
    created_at: Type.String(),
    /** An operator of the shop: may see and move every order (/operator). */
    operator: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const UserAnswerSchema = Type.Object({ user: UserSchema }, { additionalProperties: false });
/** GET /auth/session: the signed-in account, or null for a guest. */
export const SessionAnswerSchema = Type.Object({ user: Type.Union([UserSchema, Type.Null()]) }, { additionalProperties: false });

/** What a shopper sends to save a delivery address on the account (POST and PUT /account/addresses). */
export const AddressBodySchema = Type.Object(
  {
    label: Type.Optional(Type.String({ maxLength: 60 })),
    recipient: ShownText(200),
    street: RequiredText(200),
    suburb: Type.Optional(Type.String({ maxLength: 100 })),
    city: RequiredText(100),
    province: RequiredText(40),
    postal_code: Type.String({ pattern: '^[0-9]{4}$' }),
  },
  { additionalProperties: false },
);

/** A saved delivery address of an account (shared `Address`). */
export const AddressSchema = Type.Object(
  {
    id: Type.String(),
    label: Type.String(),
    recipient: Type.String(),
    street: Type.String(),
    suburb: Type.String(),
    city: Type.String(),
    province: Type.String(),
    postal_code: Type.String(),
  },
  { additionalProperties: false },
);
