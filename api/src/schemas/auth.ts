import { Type } from 'typebox';
import { NOT_BLANK_PATTERN, RequiredText, ShownText, SIX_DIGITS_PATTERN } from './common';

export const UserSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    phone: Type.String(),
    created_at: Type.String(),
    operator: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const UserAnswerSchema = Type.Object({ user: UserSchema }, { additionalProperties: false });
/** GET /auth/session: the signed-in account, or null for a guest. */
export const SessionAnswerSchema = Type.Object({ user: Type.Union([UserSchema, Type.Null()]) }, { additionalProperties: false });

// Other shoppers read it: a review's author is the account's first name and initial.
const Name = ShownText(100);
const Email = Type.String({ minLength: 3, maxLength: 254, pattern: NOT_BLANK_PATTERN });
// Bounded so nobody makes the server hash a megabyte; the length rule of 8 is checked with a friendlier message.
const Password = Type.String({ minLength: 1, maxLength: 200 });
const Phone = Type.String({ minLength: 1, maxLength: 40 });

export const RegisterBodySchema = Type.Object(
  { first_name: Name, last_name: Name, email: Email, password: Password, phone: Phone, remember: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const LoginBodySchema = Type.Object(
  {
    email: Email,
    password: Password,
    remember: Type.Optional(Type.Boolean()),
    /** The one-time code mailed to the owner, which an account asks for while its password is being guessed. */
    code: Type.Optional(Type.String({ pattern: SIX_DIGITS_PATTERN })),
  },
  { additionalProperties: false },
);

export const UpdateMeBodySchema = Type.Object(
  { first_name: Type.Optional(Name), last_name: Type.Optional(Name), phone: Type.Optional(Phone) },
  { additionalProperties: false, minProperties: 1 },
);

export const ForgotPasswordBodySchema = Type.Object({ email: Email }, { additionalProperties: false });

export const ResetPasswordBodySchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 100 }), password: Password },
  { additionalProperties: false },
);

export const ChangePasswordBodySchema = Type.Object(
  { current_password: Password, new_password: Password },
  { additionalProperties: false },
);

/** The password again, to confirm a step that cannot be undone or hands out personal data. */
export const ConfirmPasswordBodySchema = Type.Object({ password: Password }, { additionalProperties: false });

export const SignedOutOthersSchema = Type.Object(
  { message: Type.String(), signed_out: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

export const MessageSchema = Type.Object({ message: Type.String() }, { additionalProperties: false });

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

export const OutboxMailSchema = Type.Object(
  { id: Type.Integer(), recipient: Type.String(), subject: Type.String(), body: Type.String(), created_at: Type.String() },
  { additionalProperties: false },
);
