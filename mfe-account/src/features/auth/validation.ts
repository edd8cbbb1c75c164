/** Field rules of §5. Each returns the message to show, or undefined when the value is fine. */
export type Validator = (value: string | undefined) => string | undefined;

// Deliberately simple: one @, something either side, a dot in the domain. The server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const required =
  (label: string): Validator =>
  (value) =>
    value && value.trim() ? undefined : `${label} is required`;

export const email: Validator = (value) => {
  if (!value || !value.trim()) return 'Email address is required';
  return EMAIL.test(value.trim()) ? undefined : 'Enter a valid email address';
};
