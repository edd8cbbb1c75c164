import path from 'node:path';
import fastifyAutoload from '@fastify/autoload';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { withDefaults, type BuildAppOptions } from './options';
import { apiError } from './schemas/errors';

export type { BuildAppOptions } from './options';

/** Largest request body: a product record for the wishlist is a few kilobytes. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * A module's one autoloaded file: modules/<area>/routes.ts (routes.js once built). Autoload takes
 * it as the folder's entry, so the module's other files (its index.ts among them) are not loaded.
 */
const MODULE_ENTRY_FILE = /^routes\.(?:ts|js)$/;
const MODULE_ENTRY = /^\/[^/]+\/routes\.(?:ts|js)$/;
/** Each file directly in plugins/ is one shared plugin; tests beside them are not. */
const PLUGIN_FILE = /^\/[^/]+(?<!\.test)\.(?:ts|js)$/;

/**
 * The api, ready to serve (`inject` or `listen`). The database is the caller's: it is opened,
 * migrated and seeded before, and closed after, by whoever made it.
 *
 * What it serves is autoloaded: first the shared plugins (plugins/: errors, checks, cookies, the
 * database, limits, mail, the shopper's identity…), then one module per area (modules/<area>/
 * routes.ts). Each names what it uses, and is registered after those: the order is theirs, not
 * this file's. Every plugin and module is given the options with their defaults (options.ts).
 */
export async function buildApp(given: BuildAppOptions): Promise<FastifyInstance> {
  // Run from its TypeScript source (the tests, sucrase), the api autoloads .ts files: autoload
  // takes them only when told the runtime compiles them, and knows jest's and ts-node's, not sucrase's.
  if (path.extname(__filename) === '.ts') process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
  const options = withDefaults(given);
  const app = Fastify({
    logger: given.logger ?? false,
    logController: new LogController({ disableRequestLogging: !options.logRequests }),
    trustProxy: given.trustProxy ?? 'loopback',
    bodyLimit: BODY_LIMIT_BYTES,
    // Path ids are bounded by their schemas (200 characters); a longer one must reach the schema,
    // which answers { error, message }, not Fastify's own 414 body.
    routerOptions: { maxParamLength: 1000 },
    // A path that is not valid percent-encoded UTF-8 (/products/%FF) is refused by the router
    // before any route: answered in the api's own shape, not Fastify's.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.code(400).send(apiError('bad_request', error.message));
    },
    ajv: {
      customOptions: {
        // Fastify's default strips unknown properties; the api rejects them instead.
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Bodies are JSON only; a text body is a 415 rather than a string that fails validation.
  app.removeContentTypeParser('text/plain');

  await app.register(fastifyAutoload, { dir: path.join(__dirname, 'plugins'), matchFilter: PLUGIN_FILE, options });
  await app.register(fastifyAutoload, {
    dir: path.join(__dirname, 'modules'),
    indexPattern: MODULE_ENTRY_FILE,
    matchFilter: MODULE_ENTRY,
    dirNameRoutePrefix: false,
    options,
  });

  await app.ready();
  return app;
}
