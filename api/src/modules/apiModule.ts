import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiOptions } from '../options';

/** The shared plugins (plugins/) and other modules a module may name as what it uses. */
export type ModuleName =
  | 'database'
  | 'limits'
  | 'mail'
  | 'password-hashing'
  | 'expiry'
  | 'rate-limits'
  | 'shopper'
  | 'product-changes'
  | 'catalogue'
  | 'telemetry';

export interface ApiModule {
  /** The area's name: what other modules list in `uses`. */
  name: string;
  /** What must be registered first: Fastify refuses to start without them, and autoload orders by them. */
  uses: readonly ModuleName[];
  /**
   * A module's routes and hooks stay inside it. `shares: true` gives its decorations (a cache, a
   * worker) to the whole app instead, for the modules that use it and for tests.
   */
  shares?: boolean;
  register(app: FastifyInstance, options: ApiOptions): Promise<void>;
}

/**
 * One area of the api (modules/<area>/routes.ts): autoloaded by app.ts with the api's options,
 * after the shared plugins.
 */
export function apiModule({ name, uses, shares = false, register }: ApiModule) {
  return fp<ApiOptions>(register, { name, dependencies: [...uses], encapsulate: !shares });
}
