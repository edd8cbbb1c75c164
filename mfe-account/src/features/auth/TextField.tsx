import { useId } from 'react';
import { Field } from 'react-final-form';
import type { Validator } from './validation';

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  validate?: Validator;
  /** Rewrites the value as the shopper types (the phone rule of §5). */
  parse?: (value: string) => string;
  hint?: string;
}

/** A labelled input whose error shows beside it once the shopper has typed and left the field, or submitted. */
export function TextField({ name, label, type = 'text', autoComplete, validate, parse, hint }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <Field<string> name={name} validate={validate} {...(parse ? { parse: (value: string) => parse(value ?? '') } : {})}>
      {({ input, meta }) => {
        // After a submit, or once the shopper has typed and left the field: not merely for passing
        // through an empty field, which would shift the form under the pointer.
        const error = (meta.submitFailed || (meta.touched && meta.modified)) && meta.error ? String(meta.error) : undefined;
        const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
        return (
          <div className="sf-field">
            <label htmlFor={id}>{label}</label>
            <input
              {...input}
              value={input.value ?? ''}
              id={id}
              type={type}
              autoComplete={autoComplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
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
      }}
    </Field>
  );
}
