import { isValidPhone, MIN_PASSWORD_LENGTH, normalisePhone } from '@storefront/shared/domain';
import type { ApiError } from '@storefront/shared/types';
import { apiError } from '../plugins/errors';

/** §5's rules, with the messages a shopper should read (a schema can only say them unkindly). */
export function checkNewPassword(password: string): ApiError | null {
  return password.length < MIN_PASSWORD_LENGTH
    ? apiError('weak_password', `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`)
    : null;
}

/** The phone as the shared rule normalises it (+27 forced, non-digits stripped), and whether it is whole. */
export function checkPhone(phone: string): { phone: string; error: ApiError | null } {
  const normalised = normalisePhone(phone);
  return {
    phone: normalised,
    error: isValidPhone(normalised) ? null : apiError('invalid_phone', 'Enter a South African mobile number: +27 and 9 digits.'),
  };
}
