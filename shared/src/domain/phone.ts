export const PHONE_PREFIX = '+27';
export const PHONE_LENGTH = 12;

/**
 * Normalises a South African phone number as the shopper types (§5): non-digits are stripped
 * and the +27 prefix is forced, never longer than 12 characters. A typed country code (27) and
 * the local trunk 0 (082 123 4567, or +27 (0)82…) fold into the +27: no number after +27 starts
 * with 0, so a shopper who types their local number into a box already showing +27 gets it right.
 */
export function normalisePhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.startsWith('27')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return `${PHONE_PREFIX}${digits}`.slice(0, PHONE_LENGTH);
}

/** +27 followed by exactly 9 digits. */
export function isValidPhone(phone: string): boolean {
  return /^\+27\d{9}$/.test(phone);
}
