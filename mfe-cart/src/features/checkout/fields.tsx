import { FormField, visibleFieldError } from '@storefront/shared';
import { useId, type ReactNode } from 'react';
import { Field } from 'react-final-form';
import type { Validator } from './checkoutValues';

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  maxLength?: number;
  hint?: string;
  validate: Validator;
  parse?: (value: string | undefined) => string;
}

/** A labelled input with its hint and field-level error tied to it for screen readers. */
export function TextField({ name, label, type = 'text', autoComplete, inputMode, maxLength, hint, validate, parse }: TextFieldProps) {
  return (
    <Field<string> name={name} validate={validate} {...(parse ? { parse } : {})}>
      {({ input, meta }) => (
        <FormField label={label} hint={hint} error={visibleFieldError(meta)}>
          {(control) => <input {...input} {...control} type={type} autoComplete={autoComplete} inputMode={inputMode} maxLength={maxLength} />}
        </FormField>
      )}
    </Field>
  );
}

interface SelectFieldProps {
  name: string;
  label: string;
  autoComplete: string;
  placeholder: string;
  options: readonly string[];
  validate: Validator;
}

export function SelectField({ name, label, autoComplete, placeholder, options, validate }: SelectFieldProps) {
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => (
        <FormField label={label} error={visibleFieldError(meta)}>
          {(control) => (
            <select {...input} {...control} autoComplete={autoComplete}>
              <option value="">{placeholder}</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
    </Field>
  );
}

interface Choice {
  value: string;
  label: string;
  detail: ReactNode;
}

/** A group of radio cards; the legend names the choice, each card says what it means. */
export function ChoiceGroup({ name, legend, choices }: { name: string; legend: string; choices: readonly Choice[] }) {
  return (
    <fieldset className="chk-choices">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <Field key={choice.value} name={name} type="radio" value={choice.value}>
          {({ input }) => (
            <label className={`chk-choice ${input.checked ? 'chk-choice--checked' : ''}`}>
              <input {...input} />
              <span>
                <strong>{choice.label}</strong>
                <span className="chk-choice__detail">{choice.detail}</span>
              </span>
            </label>
          )}
        </Field>
      ))}
    </fieldset>
  );
}

/** A checkbox with its label beside it and a note read out with it; unticked until the shopper ticks it. */
export function CheckboxField({ name, label, note }: { name: string; label: string; note: string }) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input }) => (
        <div className="chk-checkbox">
          <input
            type="checkbox"
            id={id}
            name={input.name}
            checked={input.checked ?? false}
            onChange={input.onChange}
            onBlur={input.onBlur}
            onFocus={input.onFocus}
            aria-describedby={noteId}
          />
          <label htmlFor={id}>{label}</label>
          <p id={noteId} className="chk-checkbox__note">
            {note}
          </p>
        </div>
      )}
    </Field>
  );
}
