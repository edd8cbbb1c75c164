import fp from 'fastify-plugin';
import { PasswordHashing } from '../identity/hashQueue';
import type { ApiOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every password hash goes through its bounded queue; tests count the hashes begun. */
    passwordHashing: PasswordHashing;
  }
}

/**
 * One queue for every password hash in this process, bounded by limits.hashing; scrypt's cost is
 * OWASP's (identity/passwords.ts) unless the options give a cheaper one (only tests do).
 */
export default fp<ApiOptions>(
  async (app, options) => {
    app.decorate('passwordHashing', new PasswordHashing(app.limits.hashing, options.scryptCost));
  },
  { name: 'password-hashing', dependencies: ['limits'] },
);
