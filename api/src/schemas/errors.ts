/**
 * The api's errors as shoppers and clients receive them: `{ error, message }`, a machine-readable
 * code and a sentence a shopper can act on. The errors plugin (plugins/errors.ts) sends every
 * failure in this shape.
 */
import type { ApiError } from '@storefront/shared/types';

export function apiError(error: string, message: string): ApiError {
  return { error, message };
}

/** The answer when the database does not answer in time (db/errors.ts). */
export const DATABASE_UNAVAILABLE = apiError('database_unavailable', 'The store cannot reach its database just now. Please try again in a moment.');

/**
 * An answer decided below a route handler (a rate limit in a hook, a full hashing queue): thrown,
 * and sent as it is, with its headers, by the error handler.
 */
export class ApiFailure extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ApiError,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.message);
    this.name = 'ApiFailure';
  }
}
