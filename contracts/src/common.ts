import { Type, type TSchema } from 'typebox';

/** The body of every error answer (shared `ApiError`). */
export const ErrorSchema = Type.Object(
  {
    error: Type.String({ description: 'Short machine-readable code, e.g. not_found' }),
    message: Type.String(),
  },
  { additionalProperties: false },
);

/** The body of an answer that only says what happened ("Check your email…"; shared `ApiMessage`). */
export const MessageSchema = Type.Object({ message: Type.String() }, { additionalProperties: false });

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** Ids and keys in paths and bodies: generous, but bounded so nothing huge reaches SQL. */
export const IdentifierSchema = Type.String({ minLength: 1, maxLength: 200 });

/**
 * The embedding and override controls (U+202A–U+202E) and the isolates (U+2066–U+2069), as the
 * inside of a character class: text shown to other shoppers that holds one can read differently
 * from what was typed. The same range as shared's `changesTextDirection` (shared/src/domain/
 * textDirection.ts), which the contracts may not import (shared depends on them); the api's
 * contracts test fails when the two disagree on any character.
 */
export const DIRECTION_CONTROL_RANGE = '\\u202A-\\u202E\\u2066-\\u2069';

/** Something other than spaces: for a field that is required, whatever else it allows. */
export const NOT_BLANK_PATTERN = '\\S';
/**
 * Something other than spaces, and no direction control anywhere. Linear in the text's length:
 * the class after \s* takes no space, so \s* never has anything to give back.
 */
export const SHOWN_TEXT_PATTERN = `^\\s*[^\\s${DIRECTION_CONTROL_RANGE}][^${DIRECTION_CONTROL_RANGE}]*$`;
/** Anything, empty too, but no direction control. */
export const NO_DIRECTION_CONTROL_PATTERN = `^[^${DIRECTION_CONTROL_RANGE}]*$`;
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
