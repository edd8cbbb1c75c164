import { FormField, visibleFieldError } from '@storefront/shared';
import { Field } from 'react-final-form';

interface NoteFieldProps {
  name: string;
  label: string;
  hint?: string;
  maxLength: number;
  multiline?: boolean;
  validate: (value: string | undefined) => string | undefined;
}

/** A move's note (payment reference, tracking number, reason), its error beside it as the shop's other forms show theirs. */
export function NoteField({ name, label, hint, maxLength, multiline = false, validate }: NoteFieldProps) {
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => (
        <FormField label={label} hint={hint} error={visibleFieldError(meta)}>
          {(control) =>
            multiline ? (
              <textarea {...input} {...control} value={input.value ?? ''} rows={3} maxLength={maxLength} className="op-textarea" />
            ) : (
              <input {...input} {...control} value={input.value ?? ''} type="text" maxLength={maxLength} autoComplete="off" />
            )
          }
        </FormField>
      )}
    </Field>
  );
}
