import { useId } from 'react';
import { Field } from 'react-final-form';
import type { Validator } from './validation';

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  validate?: Validator;
}

/** A labelled input whose error shows beside it once the shopper has left the field or submitted. */
export function TextField({ name, label, type = 'text', autoComplete, validate }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const error = (meta.touched || meta.submitFailed) && meta.error ? String(meta.error) : undefined;
        return (
          <div className="sf-field">
            <label htmlFor={id}>{label}</label>
            <input
              {...input}
              id={id}
              type={type}
              autoComplete={autoComplete}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
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
