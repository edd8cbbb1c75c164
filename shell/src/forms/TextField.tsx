import { FormField, visibleFieldError } from '@storefront/shared';
import { Field } from 'react-final-form';

export type Validator = (value: string | undefined) => string | undefined;

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  validate?: Validator;
  /** Rewrites the value as the shopper types (the phone's +27 and digits). */
  parse?: (value: string) => string;
  hint?: string;
  multiline?: boolean;
  required?: boolean;
}

/** A labelled field whose error shows beside it after a submit, or once the shopper has typed and left it. */
export function TextField({ name, label, type = 'text', autoComplete, validate, parse, hint, multiline = false, required = false }: TextFieldProps) {
  return (
    <Field<string> name={name} validate={validate} {...(parse ? { parse: (value: string) => parse(value ?? '') } : {})}>
      {({ input, meta }) => (
        <FormField label={label} hint={hint} error={visibleFieldError(meta)}>
          {(control) =>
            multiline ? (
              <textarea {...input} {...control} aria-required={required || undefined} value={input.value ?? ''} rows={6} />
            ) : (
              <input {...input} {...control} aria-required={required || undefined} value={input.value ?? ''} type={type} autoComplete={autoComplete} />
            )
          }
        </FormField>
      )}
    </Field>
  );
}
