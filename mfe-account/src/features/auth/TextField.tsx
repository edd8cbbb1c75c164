import { FormField, visibleFieldError, type FieldState } from '@storefront/shared';
import { useEffect, useRef } from 'react';
import { Field, type FieldInputProps } from 'react-final-form';
import type { Validator } from './validation';

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  validate?: Validator;
  /** Rewrites the value as the shopper types (the phone's +27 and digits). */
  parse?: (value: string) => string;
  hint?: string;
}

interface TextInputProps extends Pick<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'hint'> {
  input: FieldInputProps<string>;
  meta: FieldState;
}

/**
 * When the server refuses what the field holds (a weak new password, a wrong current one), focus
 * moves into it: a screen reader reads the field with the server's reason, and the shopper can
 * change what they typed, which stays, at once.
 */
function TextInput({ input, meta, label, type, autoComplete, hint }: TextInputProps) {
  const control = useRef<HTMLInputElement>(null);
  const serverError = meta.submitError && !meta.dirtySinceLastSubmit ? String(meta.submitError) : undefined;
  useEffect(() => {
    if (serverError) control.current?.focus();
  }, [serverError]);
  return (
    <FormField label={label} hint={hint} error={visibleFieldError(meta)}>
      {(attributes) => <input {...input} {...attributes} ref={control} value={input.value ?? ''} type={type} autoComplete={autoComplete} />}
    </FormField>
  );
}

/** A labelled input whose error shows beside it once the shopper has typed and left the field, or submitted. */
export function TextField({ name, label, type = 'text', autoComplete, validate, parse, hint }: TextFieldProps) {
  return (
    <Field<string> name={name} validate={validate} {...(parse ? { parse: (value: string) => parse(value ?? '') } : {})}>
      {({ input, meta }) => <TextInput input={input} meta={meta} label={label} type={type} autoComplete={autoComplete} hint={hint} />}
    </Field>
  );
}
