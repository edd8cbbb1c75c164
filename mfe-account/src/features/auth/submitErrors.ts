import { apiErrorMessage } from '@storefront/shared';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';

/** The api's error code (`{ error, message }`), if the failure came from it. */
export function apiErrorCode(error: unknown): string | undefined {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  const code = typeof data === 'object' && data !== null ? (data as { error?: unknown }).error : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A failed submit as react-final-form wants it: the api's message beside the field it is about
 * (`fields` maps error codes to field names: a common password to the new-password field, a
 * wrong current password to that one), or above the form for anything else.
 */
export function submitErrors(error: unknown, fallback: string, fields: Readonly<Record<string, string>> = {}): SubmissionErrors {
  const message = apiErrorMessage(error, fallback);
  const field = fields[apiErrorCode(error) ?? ''];
  return field ? { [field]: message } : { [FORM_ERROR]: message };
}
