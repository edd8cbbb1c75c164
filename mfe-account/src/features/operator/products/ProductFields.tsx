import { FormField, visibleFieldError } from '@storefront/shared';
import { useId, type ReactNode } from 'react';
import { Field } from 'react-final-form';
import { tidyAmount } from './productValues';

interface TextFieldProps {
  name: string;
  label: string;
  hint?: string;
  maxLength?: number;
  autoComplete?: string;
}

/** A one-line text field; the form's rules decide its error, shown once it was typed in and left, or on save. */
export function ProductTextField({ name, label, hint, maxLength, autoComplete = 'off' }: TextFieldProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <FormField label={label} hint={hint} error={visibleFieldError(meta)}>
          {(control) => <input {...input} {...control} value={input.value ?? ''} type="text" maxLength={maxLength} autoComplete={autoComplete} />}
        </FormField>
      )}
    </Field>
  );
}

export function ProductTextArea({ name, label, hint, maxLength }: TextFieldProps) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <FormField label={label} hint={hint} error={visibleFieldError(meta)}>
          {(control) => <textarea {...input} {...control} value={input.value ?? ''} rows={8} maxLength={maxLength} className="op-textarea" />}
        </FormField>
      )}
    </Field>
  );
}

/**
 * An amount of rand. Typed as staff write it ("1 299,50"); tidied to "1299.50" when the field is
 * left, so what is saved is what the field shows.
 */
export function AmountField({ name, label, hint }: Omit<TextFieldProps, 'maxLength'>) {
  return (
    <Field<string> name={name} format={tidyAmount} formatOnBlur>
      {({ input, meta }) => (
        <FormField label={label} hint={hint} error={visibleFieldError(meta)}>
          {(control) => (
            <span className="op-amount">
              <span className="op-amount__unit" aria-hidden="true">
                R
              </span>
              <input {...input} {...control} value={input.value ?? ''} type="text" inputMode="decimal" autoComplete="off" maxLength={20} />
            </span>
          )}
        </FormField>
      )}
    </Field>
  );
}

/** A date and time in this browser's time zone, empty when not given. */
export function MomentField({ name, label, hint }: Omit<TextFieldProps, 'maxLength'>) {
  return (
    <Field<string> name={name}>
      {({ input, meta }) => (
        <FormField label={label} hint={hint} error={visibleFieldError(meta)}>
          {(control) => <input {...input} {...control} value={input.value ?? ''} type="datetime-local" />}
        </FormField>
      )}
    </Field>
  );
}

/** One checkbox for a true/false field; `controls`: the id of what it shows and hides. */
export function CheckField({ name, label, hint, controls }: { name: string; label: string; hint?: string; controls?: string }) {
  const hintId = useId();
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input: { value: _checkedValue, ...input } }) => (
        <div className="op-check">
          <label className="sf-check">
            <input {...input} type="checkbox" aria-describedby={hint ? hintId : undefined} aria-controls={controls} />
            {label}
          </label>
          {hint && (
            <p id={hintId} className="sf-field__hint">
              {hint}
            </p>
          )}
        </div>
      )}
    </Field>
  );
}

/** One box of a list (categories, colours, sizes): the field holds the chosen values. */
export function ChoiceBox({ name, value, children }: { name: string; value: string; children: ReactNode }) {
  return (
    <Field<string> name={name} type="checkbox" value={value}>
      {({ input }) => (
        <label className="sf-check op-choice">
          <input {...input} type="checkbox" />
          {children}
        </label>
      )}
    </Field>
  );
}

/** A list's box of choices, its name as the legend, its error read out with it. */
export function ChoiceGroup({ name, legend, hint, children }: { name: string; legend: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Field<string[]> name={name} subscription={{ error: true, submitError: true, submitFailed: true, dirtySinceLastSubmit: true, touched: true, modified: true }}>
      {({ meta }) => {
        const error = visibleFieldError({ ...meta, touched: true });
        const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
        return (
          <fieldset className="op-fieldset" aria-describedby={describedBy}>
            <legend>{legend}</legend>
            {hint && (
              <p id={`${id}-hint`} className="sf-field__hint">
                {hint}
              </p>
            )}
            {children}
            {error && (
              <p id={`${id}-error`} className="sf-field__error">
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    </Field>
  );
}
