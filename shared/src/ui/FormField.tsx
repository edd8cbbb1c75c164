import { useId, type ReactNode } from 'react';

/** What a form library knows of a field (react-final-form's `meta` fits). */
export interface FieldState {
  touched?: boolean;
  modified?: boolean;
  submitFailed?: boolean;
  error?: unknown;
  /** The server's word on this field from the last submit (a common password, a wrong one). */
  submitError?: unknown;
  dirtySinceLastSubmit?: boolean;
}

/**
 * The error a form field shows: after a submit, or once the shopper has changed it and left it;
 * not for merely passing through an empty field, which would shift the form under the pointer.
 * Then the server's answer about the field, until the shopper changes it.
 */
export function visibleFieldError(field: FieldState): string | undefined {
  if ((field.submitFailed || (field.touched && field.modified)) && field.error) return String(field.error);
  return field.submitError && !field.dirtySinceLastSubmit ? String(field.submitError) : undefined;
}

/** The attributes that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  hint?: string;
  error?: string;
  /** Renders the control (input, select, textarea) with the given attributes spread onto it. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with its hint and error, both read out with it by screen readers. */
export function FormField({ label, hint, error, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="sf-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="sf-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="sf-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
