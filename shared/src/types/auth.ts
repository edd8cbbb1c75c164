import type {
  AccountDataSchema,
  ChangePasswordBodySchema,
  ConfirmPasswordBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SignedOutOthersSchema,
  Static,
  UpdateMeBodySchema,
} from '@storefront/contracts';

/** POST /auth/login; `code` is the one-time code mailed to the owner, once the api has asked for it (`code_required`). */
export interface LoginArgs extends Static<typeof LoginBodySchema> {}

/** POST /auth/register. */
export interface RegisterArgs extends Static<typeof RegisterBodySchema> {}

/** PATCH /auth/me: the profile fields to change, at least one. */
export interface ProfileChanges extends Static<typeof UpdateMeBodySchema> {}

/** POST /auth/forgot-password. */
export interface ForgotPasswordRequest extends Static<typeof ForgotPasswordBodySchema> {}

/** POST /auth/reset-password: the mailed link's token and the new password. */
export interface ResetPasswordRequest extends Static<typeof ResetPasswordBodySchema> {}

/** POST /auth/password: the current password is asked again. */
export interface ChangePasswordRequest extends Static<typeof ChangePasswordBodySchema> {}

/** The password again, for POST /account/data-export and /account/delete. */
export interface ConfirmPasswordRequest extends Static<typeof ConfirmPasswordBodySchema> {}

/** POST /account/data-export: everything the shop holds about the account, saved as a file as it came. */
export interface AccountDataExport extends Static<typeof AccountDataSchema> {}

/** POST /auth/sessions/sign-out-others' answer: what happened, and how many other sessions were ended. */
export interface SignedOutOthers extends Static<typeof SignedOutOthersSchema> {}
