import { Type, type TSchema } from 'typebox';

/** The body of every error answer (shared `ApiError`). */
export const ErrorSchema = Type.Object(
  {
    error: Type.String({ description: 'Short machine-readable code, e.g. not_found' }),
    message: Type.String(),
  },
  { additionalProperties: false },
);

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** Ids and keys in paths and bodies: generous, but bounded so nothing huge reaches SQL. */
export const IdentifierSchema = Type.String({ minLength: 1, maxLength: 200 });

export const errorResponses = {
  400: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  413: ErrorSchema,
  415: ErrorSchema,
  500: ErrorSchema,
};

/** For routes that take no query parameters: anything in the query string is a 400. */
export const NoQuerySchema = Type.Object({}, { additionalProperties: false });
