// Its own entry (@storefront/shared/text-direction), not in the domain index: the forms that
// need it load it with their own chunks, and every page's first load stays without it.

/**
 * The embedding and override controls (U+202A–U+202E) and the isolates (U+2066–U+2069), as the
 * inside of a character class: a name or review shown to other shoppers that holds one can read
 * differently from what was typed ("Trojan Source"). Kept as text so a JSON schema pattern can
 * use the same range.
 */
export const DIRECTION_CONTROL_RANGE = '\\u202A-\\u202E\\u2066-\\u2069';

const DIRECTION_CONTROL = new RegExp(`[${DIRECTION_CONTROL_RANGE}]`);
const EVERY_DIRECTION_CONTROL = new RegExp(`[${DIRECTION_CONTROL_RANGE}]`, 'g');

/** Whether the text holds a character that changes the direction of the text after it. */
export function changesTextDirection(text: string): boolean {
  return DIRECTION_CONTROL.test(text);
}

/** The text without them: for what was saved before they were refused. */
export function withoutDirectionControls(text: string): string {
  return text.replace(EVERY_DIRECTION_CONTROL, '');
}

/** What a form says beside a person's name or a review that holds one. */
export const DIRECTION_CONTROL_MESSAGE = 'must not contain characters that change the direction of text';

/** What a form says about a person's name as typed: required, and without direction controls. */
export function personNameProblem(label: string, value: string | undefined): string | undefined {
  if (!value || !value.trim()) return `${label} is required`;
  return changesTextDirection(value) ? `${label} ${DIRECTION_CONTROL_MESSAGE}` : undefined;
}
