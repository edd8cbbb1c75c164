import { Type } from 'typebox';
import { NOT_BLANK_PATTERN, ShownText, SIX_DIGITS_PATTERN } from './common';

// Other shoppers read it: a review's author is the account's first name and initial.
const Name = ShownText(100);
const Email = Type.String({ minLength: 3, maxLength: 254, pattern: NOT_BLANK_PATTERN });
// Bounded so nobody makes the server hash a megabyte; the length rule of 8 is checked with a friendlier message.
const Password = Type.String({ minLength: 1, maxLength: 200 });
const Phone = Type.String({ minLength: 1, maxLength: 40 });

/** POST /auth/register (shared `RegisterArgs`). */
export const RegisterBodySchema = Type.Object(
  { first_name: Name, last_name: Name, email: Email, password: Password, phone: Phone, remember: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** POST /auth/login (shared `LoginArgs`): without `remember`, the session ends with the browser. */
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

/** PATCH /auth/me (shared `ProfileChanges`): the fields to change, at least one. */
export const UpdateMeBodySchema = Type.Object(
  { first_name: Type.Optional(Name), last_name: Type.Optional(Name), phone: Type.Optional(Phone) },
  { additionalProperties: false, minProperties: 1 },
);

/** POST /auth/forgot-password (shared `ForgotPasswordRequest`). */
export const ForgotPasswordBodySchema = Type.Object({ email: Email }, { additionalProperties: false });

/** POST /auth/reset-password (shared `ResetPasswordRequest`): the mailed link's token and the new password. */
export const ResetPasswordBodySchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 100 }), password: Password },
  { additionalProperties: false },
);

/** POST /auth/password (shared `ChangePasswordRequest`). */
export const ChangePasswordBodySchema = Type.Object(
  { current_password: Password, new_password: Password },
  { additionalProperties: false },
);

/**
 * The password again, to confirm a step that cannot be undone or hands out personal data
 * (shared `ConfirmPasswordRequest`): POST /account/data-export and /account/delete.
 */
export const ConfirmPasswordBodySchema = Type.Object({ password: Password }, { additionalProperties: false });

/** POST /auth/sessions/sign-out-others' answer: what happened and how many other sessions were ended (shared `SignedOutOthers`). */
export const SignedOutOthersSchema = Type.Object(
  { message: Type.String(), signed_out: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
