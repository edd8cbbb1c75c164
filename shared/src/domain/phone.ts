export const PHONE_PREFIX = '+27';
export const PHONE_LENGTH = 12;

/**
 * Normalises a South African phone number as the shopper types (§5): non-digits are stripped
 * and the +27 prefix is forced, never longer than 12 characters. A leading 27 (typed country
 * code) or 0 (local trunk prefix, as in 082 123 4567) is folded into the +27.
 */
export function normalisePhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.startsWith('27')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return `${PHONE_PREFIX}${digits}`.slice(0, PHONE_LENGTH);
}

/** +27 followed by exactly 9 digits. */
export function isValidPhone(phone: string): boolean {
  return /^\+27\d{9}$/.test(phone);
}
