import { isEmailAddress, isValidPhone, MIN_PASSWORD_LENGTH, PHONE_PREFIX } from '@storefront/shared';

/** Field rules of §5. Each returns the message to show, or undefined when the value is fine. */
export type Validator = (value: string | undefined) => string | undefined;

export const required =
  (label: string): Validator =>
  (value) =>
    value && value.trim() ? undefined : `${label} is required`;

export const email: Validator = (value) => {
  if (!value || !value.trim()) return 'Email address is required';
  return isEmailAddress(value) ? undefined : 'Enter a valid email address';
};

/** A new password: required, and at least 8 characters (the api's rule too). */
export const newPassword: Validator = (value) => {
  if (!value) return 'Password is required';
  return value.length >= MIN_PASSWORD_LENGTH ? undefined : `Use at least ${MIN_PASSWORD_LENGTH} characters`;
};

/** The field always holds the normalised phone, so the prefix alone means nothing was typed. */
export const phone: Validator = (value) => {
  if (!value || value === PHONE_PREFIX) return 'Phone number is required';
  return isValidPhone(value) ? undefined : 'Enter +27 followed by 9 digits';
};
