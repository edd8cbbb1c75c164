/** A registration body as the api tests send it: Thandi Mokoena at `email`, with `overrides` on top. */
export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Thandi',
    last_name: 'Mokoena',
    email,
    password: 'correct horse battery',
    phone: '082 123 4567',
    ...overrides,
  };
}
