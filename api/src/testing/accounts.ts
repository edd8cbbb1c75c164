import type { FastifyInstance } from 'fastify';
import { shopperSession, type ShopperSession } from './shopperSession';

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

/** A new shopper's session, registered (so signed in) as Thandi Mokoena at `email`. */
export async function registeredShopper(app: FastifyInstance, email: string): Promise<ShopperSession> {
  const session = shopperSession(app);
  const registered = await session.request({ method: 'POST', url: '/auth/register', payload: registration(email) });
  if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
  return session;
}
