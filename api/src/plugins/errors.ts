import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from '../db/errors';
import { textRuleMessage } from '../schemas/common';
import fp from 'fastify-plugin';
import { ApiFailure, apiError, DATABASE_UNAVAILABLE } from '../schemas/errors';

const ERROR_CODES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
};

/** The value at an Ajv instance path (a JSON Pointer) in the part of the request it names. */
function valueAt(request: FastifyRequest, dataVar: string | undefined, instancePath: string): unknown {
  let value: unknown =
    dataVar === 'body' ? request.body : dataVar === 'params' ? request.params : dataVar === 'querystring' ? request.query : request.headers;
  for (const segment of instancePath.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

/**
 * A shopper's words for the text rules of schemas/common.ts (`body/first_name must not be
 * blank`) in place of Ajv's `must match pattern "…"`. Only that error is named: beside it, a
 * union's other branches add noise ("must match a schema in anyOf").
 */
function textRuleFailure(error: FastifyError, request: FastifyRequest): string | undefined {
  for (const failure of error.validation ?? []) {
    const pattern = failure.keyword === 'pattern' ? failure.params.pattern : undefined;
    if (typeof pattern !== 'string') continue;
    const words = textRuleMessage(pattern, valueAt(request, error.validationContext, failure.instancePath));
    if (words) return `${error.validationContext ?? 'body'}${failure.instancePath} ${words}`;
  }
  return undefined;
}

/**
 * Every error leaves as `{ error, message }`: schema failures, body parser failures (bad JSON,
 * wrong content type, too large) and unknown routes alike. Only a fault of ours is a 500, and
 * its details go to the log, not to the shopper.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiFailure) return reply.code(error.statusCode).headers(error.headers).send(error.body);
    if (error.validation) {
      return reply.code(400).send(apiError('bad_request', textRuleFailure(error, request) ?? error.message));
    }
    if (error instanceof DatabaseUnavailableError) {
      // Not the shopper's fault nor a bug: the database is out of reach. The operator hears of it
      // (as a warning: /health says the same), the shopper is told to try again shortly.
      request.log.warn({ err: error }, 'the database did not answer');
      return reply.code(503).header('retry-after', '5').send(DATABASE_UNAVAILABLE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(apiError(ERROR_CODES[status] ?? 'client_error', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(apiError('internal_error', 'Something went wrong on our side; please try again.'));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return reply.code(404).send(apiError('not_found', `No route ${request.method} ${path}`));
  });
}

/** Autoloaded (app.ts) before every module: every error of every route leaves in the api's shape. */
export default fp(
  async (app) => {
    registerErrorHandling(app);
  },
  { name: 'errors' },
);
