import { isValidPhone, newPasswordProblem, normalisePhone } from '@storefront/shared/domain';
import type { ApiError } from '@storefront/shared/types';
import { apiError } from '../plugins/errors';
import { isCommonPassword } from './commonPasswords';

export const COMMON_PASSWORD_MESSAGE = 'That password is one of the most common, so it is guessed first. Choose another.';

/**
 * A new password (register, reset, change): the shared rules (length in characters, not one
 * character repeated), then the common-password list. Both answers are 400 `weak_password`
 * with the message a shopper should read; the forms show it at the password field.
 */
export function checkNewPassword(password: string): ApiError | null {
  const problem = newPasswordProblem(password);
  if (problem) return apiError('weak_password', problem);
  return isCommonPassword(password) ? apiError('weak_password', COMMON_PASSWORD_MESSAGE) : null;
}

/** The phone as the shared rule normalises it (+27 forced, non-digits stripped), and whether it is whole. */
export function checkPhone(phone: string): { phone: string; error: ApiError | null } {
  const normalised = normalisePhone(phone);
  return {
    phone: normalised,
    error: isValidPhone(normalised) ? null : apiError('invalid_phone', 'Enter a South African mobile number: +27 and 9 digits.'),
  };
}
