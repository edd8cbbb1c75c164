import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SHOPPER_COOKIE } from '../plugins/shopper';

export interface ShopperSession {
  /** The `sf_shopper=…` pair this shopper sends, once the api has issued one. */
  readonly cookie: string | undefined;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** One browser's worth of requests: keeps the shopper cookie the api sets and sends it back. */
export function shopperSession(app: FastifyInstance): ShopperSession {
  let cookie: string | undefined;
  return {
    get cookie() {
      return cookie;
    },
    async request(options) {
      const response = await app.inject({
        ...options,
        headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
      });
      const issued = response.cookies.find((candidate) => candidate.name === SHOPPER_COOKIE);
      if (issued) cookie = `${issued.name}=${issued.value}`;
      return response;
    },
  };
}
