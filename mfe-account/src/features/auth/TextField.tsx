import { FormField, visibleFieldError } from '@storefront/shared';
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
  return (
    <Field<string> name={name} validate={validate} {...(parse ? { parse: (value: string) => parse(value ?? '') } : {})}>
      {({ input, meta }) => (
        <FormField label={label} hint={hint} error={visibleFieldError(meta)}>
          {(control) => <input {...input} {...control} value={input.value ?? ''} type={type} autoComplete={autoComplete} />}
        </FormField>
      )}
    </Field>
  );
}
