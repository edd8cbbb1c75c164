import fp from 'fastify-plugin';
import { resolveLimits, type ApiLimits } from '../limits';
import type { ApiOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    /** What one client may make the api do: rate limits, caps, the hashing queue, retention (limits.ts). */
    limits: ApiLimits;
  }
}

/** The limits in force: limits.ts's defaults with the api's overrides (LIMIT_* settings). */
export default fp<ApiOptions>(
  async (app, options) => {
    app.decorate('limits', resolveLimits(options.limits));
  },
  { name: 'limits' },
);
