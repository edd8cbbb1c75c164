import { changesTextDirection, DIRECTION_CONTROL_MESSAGE, DIRECTION_CONTROL_RANGE } from '@storefront/shared/text-direction';
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
  503: ErrorSchema,
};

/** A write's: any POST, PUT, PATCH or DELETE from another site is refused 403 `cross_site` (plugins/crossSite.ts). */
export const writeErrorResponses = { ...errorResponses, 403: ErrorSchema };

/**
 * A success answer that is not JSON (a picture, a CSV file): what the OpenAPI document says of it,
 * for each media type it may come as. Such bodies are sent as the bytes they are, never through
 * the serializer.
 */
export function MediaAnswer<T>(description: string, mediaTypes: readonly string[]) {
  return Type.Unsafe<T>({
    description,
    content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: { type: 'string', contentMediaType: mediaType } }])),
  });
}

/** For routes that take no query parameters: anything in the query string is a 400. */
export const NoQuerySchema = Type.Object({}, { additionalProperties: false });

/** Something other than spaces: for a field that is required, whatever else it allows. */
export const NOT_BLANK_PATTERN = '\\S';
// Something other than spaces, and no direction control anywhere. Linear in the text's length:
// the class after \s* takes no space, so \s* never has anything to give back.
const SHOWN_TEXT_PATTERN = `^\\s*[^\\s${DIRECTION_CONTROL_RANGE}][^${DIRECTION_CONTROL_RANGE}]*$`;
const NO_DIRECTION_CONTROL_PATTERN = `^[^${DIRECTION_CONTROL_RANGE}]*$`;
const BLANK_MESSAGE = 'must not be blank';
/** A one-time code from a mail: its six digits, nothing around them (a form strips spaces). */
export const SIX_DIGITS_PATTERN = '^[0-9]{6}$';

/**
 * Text a shopper must fill in: empty or only spaces is refused, as `must not be blank`. The
 * handler saves it trimmed.
 */
export function RequiredText(maxLength: number) {
  return Type.String({ maxLength, pattern: NOT_BLANK_PATTERN });
}

/**
 * A person's name, or words other shoppers read: required like RequiredText, and without the
 * characters that make text read differently from what was typed (shared `changesTextDirection`).
 */
export function ShownText(maxLength: number) {
  return Type.String({ maxLength, pattern: SHOWN_TEXT_PATTERN });
}

/** Optional words other shoppers read: may be empty, never holds direction controls. */
export function OptionalShownText(maxLength: number) {
  return Type.String({ maxLength, pattern: NO_DIRECTION_CONTROL_PATTERN });
}

/**
 * What the error handler says instead of Ajv's `must match pattern "…"` when one of the patterns
 * above refuses `value`, or undefined for any other pattern.
 */
export function textRuleMessage(pattern: string, value: unknown): string | undefined {
  switch (pattern) {
    case NOT_BLANK_PATTERN:
      return BLANK_MESSAGE;
    case NO_DIRECTION_CONTROL_PATTERN:
      return DIRECTION_CONTROL_MESSAGE;
    case SIX_DIGITS_PATTERN:
      return 'must be the 6 digits from the mail';
    case SHOWN_TEXT_PATTERN:
      return typeof value === 'string' && changesTextDirection(value) ? DIRECTION_CONTROL_MESSAGE : BLANK_MESSAGE;
    default:
      return undefined;
  }
}
