export const PHONE_PREFIX = '+27';
export const PHONE_LENGTH = 12;

/** Digits in a South African number after +27. */
const NATIONAL_DIGITS = 9;

/**
 * Normalises a South African phone number as the shopper types, on every keystroke and on
 * paste: non-digits are stripped and the +27 prefix is forced, never longer than 12 characters.
 * Every way a number is written ends the same: 0821234567, 082 123 4567, +27 82 123 4567,
 * 27821234567, +27 (0)82 123 4567 are all +27821234567, typed key by key or pasted.
 *
 * The box shows +27 from the first key, so a shopper who then types the country code themselves
 * ("+27 82…" or "2782…") adds a second 27 behind it. Only a number that has grown past 9 digits
 * after +27 loses that second 27 (an area code may itself be 27: Namaqualand's 027), and only
 * then is it cut to length, so nothing typed is lost on the way. A trunk 0 after +27 goes too: no
 * number after +27 starts with 0.
 */
export function normalisePhone(input: string): string {
  let national = input.replace(/\D/g, '');
  if (national.startsWith('27')) national = national.slice(2);
  if (national.startsWith('0')) national = national.slice(1);
  if (national.length > NATIONAL_DIGITS && national.startsWith('27')) {
    national = national.slice(2);
    if (national.startsWith('0')) national = national.slice(1);
  }
  return `${PHONE_PREFIX}${national.slice(0, NATIONAL_DIGITS)}`;
}

/** +27 followed by exactly 9 digits. */
export function isValidPhone(phone: string): boolean {
  return /^\+27\d{9}$/.test(phone);
}
