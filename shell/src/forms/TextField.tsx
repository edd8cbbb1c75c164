import { useId } from 'react';
import { Field } from 'react-final-form';

export type Validator = (value: string | undefined) => string | undefined;

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  validate?: Validator;
  /** Rewrites the value as the shopper types (the phone rule of §5). */
  parse?: (value: string) => string;
  hint?: string;
  multiline?: boolean;
  required?: boolean;
}

/** A labelled field whose error shows beside it after a submit, or once the shopper has typed and left it. */
export function TextField({ name, label, type = 'text', autoComplete, validate, parse, hint, multiline = false, required = false }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <Field<string> name={name} validate={validate} {...(parse ? { parse: (value: string) => parse(value ?? '') } : {})}>
      {({ input, meta }) => {
        const error = (meta.submitFailed || (meta.touched && meta.modified)) && meta.error ? String(meta.error) : undefined;
        const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
        const common = {
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          'aria-required': required || undefined,
        };
        return (
          <div className="sf-field">
            <label htmlFor={id}>{label}</label>
            {multiline ? (
              <textarea {...input} {...common} value={input.value ?? ''} rows={6} />
            ) : (
              <input {...input} {...common} value={input.value ?? ''} type={type} autoComplete={autoComplete} />
            )}
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
