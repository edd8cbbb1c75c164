import type { FastifyInstance } from 'fastify';
import { apiError } from '../schemas/errors';
import fp from 'fastify-plugin';

/**
 * C0 controls other than tab, line feed and carriage return, DEL, and surrogates that are not
 * half of a pair (in a `u` regex, \p{Cs} matches only those). PostgreSQL refuses NUL in text
 * (a 500 before this check); the other controls are never typed, only pasted or forged, and
 * break what later reads the text; a lone surrogate would be stored as U+FFFD, not as sent.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is what it is for
const UNACCEPTABLE = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F\p{Cs}]/u;

/**
 * Whether a string, a key or a string anywhere inside holds an unacceptable character. This runs
 * on every request (GET /products/{id} at tens of thousands a second): one regex test per string,
 * and nothing allocated unless a nested object or array turns up. A loop with its own stack, not
 * recursion, so that a 64 KB body nested thousands deep cannot overflow the call stack.
 */
function holdsUnacceptable(value: unknown): boolean {
  if (typeof value === 'string') return UNACCEPTABLE.test(value);
  if (typeof value !== 'object' || value === null) return false;
  let pending: object[] | undefined;
  let current: object | undefined = value;
  while (current !== undefined) {
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const item: unknown = current[index];
        if (typeof item === 'string') {
          if (UNACCEPTABLE.test(item)) return true;
        } else if (typeof item === 'object' && item !== null) {
          (pending ??= []).push(item);
        }
      }
    } else {
      const record = current as Record<string, unknown>;
      for (const key in record) {
        if (UNACCEPTABLE.test(key)) return true;
        const item = record[key];
        if (typeof item === 'string') {
          if (UNACCEPTABLE.test(item)) return true;
        } else if (typeof item === 'object' && item !== null) {
          (pending ??= []).push(item);
        }
      }
    }
    current = pending?.pop();
  }
  return false;
}

/** The first unacceptable character of `text`, as U+XXXX, and whether it is a lone surrogate. */
function firstUnacceptable(text: string): { name: string; surrogate: boolean } {
  const code = UNACCEPTABLE.exec(text)?.[0].charCodeAt(0) ?? 0;
  return { name: `U+${code.toString(16).toUpperCase().padStart(4, '0')}`, surrogate: code >= 0xd800 && code <= 0xdfff };
}

function valueProblem(text: string): string {
  const { name, surrogate } = firstUnacceptable(text);
  return surrogate ? `must be well-formed Unicode text (found a lone surrogate, ${name})` : `must not contain control characters (found ${name})`;
}

function keyProblem(key: string): string {
  const { name, surrogate } = firstUnacceptable(key);
  const what = surrogate ? `a lone surrogate (${name})` : `control characters (found ${name})`;
  return `must not have a property name with ${what}: ${printable(key)}`;
}

/** A key as JSON shows it: JSON.stringify escapes C0 controls and lone surrogates, but not DEL. */
function printable(text: string): string {
  return JSON.stringify(text).replace(/\x7f/g, '\\u007f');
}

/** A JSON Pointer segment, as Ajv writes instance paths (and so Fastify's validation messages). */
function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Where the first unacceptable text is, in document order, and what is wrong with it: only run
 * once holdsUnacceptable has found one, so it may take its time.
 */
function describeUnacceptable(root: unknown, dataVar: string): string {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: dataVar }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (UNACCEPTABLE.test(value)) return `${path} ${valueProblem(value)}`;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item: unknown, index) => [String(index), item])
      : Object.entries(value as Record<string, unknown>);
    const badKey = entries.find(([key]) => UNACCEPTABLE.test(key));
    if (badKey) return `${path} ${keyProblem(badKey[0])}`;
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index] as [string, unknown];
      pending.push({ value: item, path: `${path}/${pointerSegment(key)}` });
    }
  }
  return `${dataVar} must not contain control characters`;
}

/**
 * Refuses text no shopper types, in every route's path parameters, query string and JSON body,
 * before the schema or the handler sees it: 400 `invalid_text`, naming the field the way
 * Fastify's validation messages do (`body/contact/first_name`). Registered on the root instance
 * before any route, so it covers routes added later too. Headers need no check: Node's HTTP
 * parser refuses control characters in them.
 */
export function registerTextInputChecks(app: FastifyInstance): void {
  // A callback, not an async hook: the usual request passes through without a promise.
  app.addHook('preValidation', (request, reply, done) => {
    const { params, query, body } = request;
    const where = holdsUnacceptable(params) ? 'params' : holdsUnacceptable(body) ? 'body' : holdsUnacceptable(query) ? 'querystring' : null;
    if (where === null) return done();
    const part = where === 'params' ? params : where === 'body' ? body : query;
    void reply.code(400).send(apiError('invalid_text', describeUnacceptable(part, where)));
  });
}

/** Autoloaded (app.ts) before every module. */
export default fp(
  async (app) => {
    registerTextInputChecks(app);
  },
  { name: 'text-input', dependencies: ['errors'] },
);
