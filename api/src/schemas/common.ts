import { ErrorSchema, NO_DIRECTION_CONTROL_PATTERN, NOT_BLANK_PATTERN, SHOWN_TEXT_PATTERN, SIX_DIGITS_PATTERN } from '@storefront/contracts';
import { changesTextDirection, DIRECTION_CONTROL_MESSAGE } from '@storefront/shared/text-direction';
import { Type } from 'typebox';

// The wire shapes (answers, bodies, ErrorSchema, the text rules) are @storefront/contracts'; what
// is here only describes the api's routes.

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

const BLANK_MESSAGE = 'must not be blank';

/**
 * What the error handler says instead of Ajv's `must match pattern "…"` when one of the text
 * rules' patterns (the contracts' RequiredText, ShownText, OptionalShownText, and the six digits
 * of a mailed code) refuses `value`, or undefined for any other pattern.
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
