/** The shortest password an account accepts, counted in characters as a shopper sees them. */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * The rules a new password must meet that the browser can check too (OWASP ASVS 5.0 V6.2):
 * at least 8 characters (code points, so an emoji counts once), and not one character repeated
 * ("aaaaaaaa", eight spaces). Spaces and any other characters are allowed, and nothing is
 * trimmed: the password is what the shopper typed. The api then judges how easily it is guessed
 * (api/src/modules/accounts/passwordStrength.ts), with dictionaries too big to send to any browser.
 *
 * The message to show, or null when the password passes these rules.
 */
export function newPasswordProblem(password: string): string | null {
  const characters = [...password];
  if (characters.length < MIN_PASSWORD_LENGTH) return `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (characters.every((character) => character === characters[0])) return 'That password is one character repeated, which is guessed at once. Choose another.';
  return null;
}
