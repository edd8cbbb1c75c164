import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { registerCookiePolicy } from '../identity/cookies';
import type { ApiOptions } from '../options';

/**
 * Cookies for every route (@fastify/cookie), written `__Host-` and Secure when the request or
 * STOREFRONT_URL is https (identity/cookies.ts).
 */
export default fp<ApiOptions>(
  async (app, options) => {
    await app.register(fastifyCookie);
    registerCookiePolicy(app, options.storefrontUrl);
  },
  { name: 'cookies' },
);
