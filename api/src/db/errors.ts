/** PostgreSQL's SQLSTATE for a unique constraint violation, the same on PGlite and a server. */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * The database did not answer in time, or the connection to it failed: the shopper's request
 * cannot be served now, but may be in a moment (503), and nothing is wrong with the request.
 */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATEs and socket errors that say the server is not answering, not that the statement is
 * wrong: statement timeout or cancel (57014), the server shutting down or starting (57P01–57P03),
 * too many connections (53300), the connection exceptions (08…), and the network's own.
 */
const UNAVAILABLE_CODES = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection that timed out or broke (it gives these no code). */
const UNAVAILABLE_MESSAGES =
  /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/;

/** `error` as a DatabaseUnavailableError when it says the database is out of reach, else as it was. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || typeof error !== 'object' || error === null) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if ((typeof code === 'string' && UNAVAILABLE_CODES.has(code)) || (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message))) {
    return new DatabaseUnavailableError(`The database did not answer: ${String(message)}`, { cause: error });
  }
  return error;
}
