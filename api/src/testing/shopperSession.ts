import { SHOPPER_COOKIE } from '@storefront/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface ShopperSession {
  /** The `sf_shopper=…` pair this shopper sends, once the api has issued one. */
  readonly cookie: string | undefined;
  /** Every cookie this browser holds, by name. */
  readonly cookies: ReadonlyMap<string, string>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

function isRemoval(cookie: { value: string; maxAge?: number; expires?: Date }): boolean {
  return cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
}

/** One browser's worth of requests: keeps the cookies the api sets (and drops the ones it clears). */
export function shopperSession(app: FastifyInstance): ShopperSession {
  const jar = new Map<string, string>();
  return {
    get cookie() {
      const value = jar.get(SHOPPER_COOKIE);
      return value === undefined ? undefined : `${SHOPPER_COOKIE}=${value}`;
    },
    get cookies() {
      return jar;
    },
    async request(options) {
      const header = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await app.inject({
        ...options,
        headers: { ...options.headers, ...(header ? { cookie: header } : {}) },
      });
      for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
        if (isRemoval(cookie)) jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
      return response;
    },
  };
}
