/**
 * Deliberately simple (shoppers are asked for "e-mail format", no more): one @, something on either side, a dot in
 * the domain, no spaces. Whether mail arrives is the real test.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value.trim());
}
