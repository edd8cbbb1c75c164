import { isValidPhone, newPasswordProblem, normalisePhone } from '@storefront/shared/domain';
import type { ApiError } from '@storefront/shared/types';
import { apiError } from '../../schemas/errors';
import { passwordWeakness, type PasswordOwner } from './passwordStrength';

/**
 * A new password (register, reset, change): the shared rules (length in characters, not one
 * character repeated), then how hard it is to guess for its owner (passwordStrength.ts). Both
 * answers are 400 `weak_password` with the reason a shopper should read; the forms show it at
 * the password field.
 */
export function checkNewPassword(password: string, owner: PasswordOwner): ApiError | null {
  const problem = newPasswordProblem(password) ?? passwordWeakness(password, owner);
  return problem ? apiError('weak_password', problem) : null;
}

/** The phone as the shared rule normalises it (+27 forced, non-digits stripped), and whether it is whole. */
export function checkPhone(phone: string): { phone: string; error: ApiError | null } {
  const normalised = normalisePhone(phone);
  return {
    phone: normalised,
    error: isValidPhone(normalised) ? null : apiError('invalid_phone', 'Enter a South African mobile number: +27 and 9 digits.'),
  };
}
