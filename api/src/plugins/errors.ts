import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiError } from '@storefront/shared/types';

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

export function apiError(error: string, message: string): ApiError {
  return { error, message };
}

/**
 * Every error leaves as `{ error, message }`: schema failures, body parser failures (bad JSON,
 * wrong content type, too large) and unknown routes alike. Only a fault of ours is a 500, and
 * its details go to the log, not to the shopper.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send(apiError('bad_request', error.message));
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
