import { isValidPhone, PHONE_PREFIX } from '@storefront/shared';
import { isEmailAddress, newPasswordProblem } from '@storefront/shared/domain';

/** Field rules (docs/behaviour.md#validation). Each returns the message to show, or undefined when the value is fine. */
export type Validator = (value: string | undefined) => string | undefined;

export const required =
  (label: string): Validator =>
  (value) =>
    value && value.trim() ? undefined : `${label} is required`;

export const email: Validator = (value) => {
  if (!value || !value.trim()) return 'Email address is required';
  return isEmailAddress(value) ? undefined : 'Enter a valid email address';
};

/** A new password: required, and the shared rules (the api then judges how easily it is guessed). */
export const newPassword: Validator = (value) => {
  if (!value) return 'Password is required';
  return newPasswordProblem(value) ?? undefined;
};

/** What the new-password fields say under them. */
export const NEW_PASSWORD_HINT = 'At least 8 characters, hard to guess: a few uncommon words make a strong one.';

/** The field always holds the normalised phone, so the prefix alone means nothing was typed. */
export const phone: Validator = (value) => {
  if (!value || value === PHONE_PREFIX) return 'Phone number is required';
  return isValidPhone(value) ? undefined : 'Enter +27 followed by 9 digits';
};
