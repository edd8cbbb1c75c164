/**
 * Where to go after signing in: a path on this site only (never "//evil.example" or a full URL,
 * which would make the login page an open redirect).
 */
export function safeNext(next: string | null, fallback = '/account'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
