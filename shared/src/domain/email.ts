/**
 * Deliberately simple (§5 asks for "e-mail format"): one @, something on either side, a dot in
 * the domain, no spaces. Whether mail arrives is the real test.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim());
}
