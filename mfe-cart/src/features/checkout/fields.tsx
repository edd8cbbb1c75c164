import { useId, type ReactNode } from 'react';
import { Field } from 'react-final-form';
import type { Validator } from './checkoutValues';

/**
 * The error a field shows: after a submit, or once the shopper has changed it and left it — not
 * for merely passing through an empty field (the README's rule for every form).
 */
function visibleError(meta: { touched?: boolean; modified?: boolean; submitFailed?: boolean; error?: unknown }): string | undefined {
  return (meta.submitFailed || (meta.touched && meta.modified)) && meta.error ? String(meta.error) : undefined;
}

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
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Field<string> name={name} validate={validate} {...(parse ? { parse } : {})}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
        return (
          <div className="sf-field">
            <label htmlFor={id}>{label}</label>
            <input
              {...input}
              id={id}
              type={type}
              autoComplete={autoComplete}
              inputMode={inputMode}
              maxLength={maxLength}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
            />
            {hint && (
              <p id={hintId} className="chk-hint">
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

interface SelectFieldProps {
  name: string;
  label: string;
  autoComplete: string;
  placeholder: string;
  options: readonly string[];
  validate: Validator;
}

export function SelectField({ name, label, autoComplete, placeholder, options, validate }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <div className="sf-field">
            <label htmlFor={id}>{label}</label>
            <select {...input} id={id} autoComplete={autoComplete} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
              <option value="">{placeholder}</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
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
