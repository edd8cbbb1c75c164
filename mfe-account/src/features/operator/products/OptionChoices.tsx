import { changesTextDirection, DIRECTION_CONTROL_MESSAGE } from '@storefront/shared/text-direction';
import { useId, useState, type KeyboardEvent } from 'react';
import { useField, useForm } from 'react-final-form';
import { ChoiceBox, ChoiceGroup } from './ProductFields';
import { optionName } from './productValues';

export interface Option {
  name: string;
  label: string;
  /** A colour's CSS colour, drawn beside its name. */
  swatch?: string;
}

interface OptionChoicesProps {
  name: 'colours' | 'sizes';
  legend: string;
  /** The shop's colours or sizes. */
  options: readonly Option[];
  /** "colour": the add box is labelled "Add a colour". */
  noun: string;
  maxLength: number;
}

/**
 * The shop's colours (or sizes) as boxes to tick, and a box to add one the shop does not have
 * yet: it is ticked at once, and becomes one of the shop's when the product is saved.
 */
export function OptionChoices({ name, legend, options, noun, maxLength }: OptionChoicesProps) {
  const form = useForm();
  const { input } = useField<string[]>(name, { subscription: { value: true } });
  const chosen = Array.isArray(input.value) ? input.value : [];
  const [added, setAdded] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const id = useId();

  const known = new Set(options.map((option) => option.name));
  // Chosen ones the shop does not have yet (added here, or saved by another form meanwhile) keep their box.
  const extra = [...new Set([...added, ...chosen])].filter((value) => !known.has(value));
  const shown: Option[] = [...options, ...extra.map((value) => ({ name: value, label: value }))];

  const add = () => {
    const value = optionName(typed);
    if (!value) {
      setProblem(`Type the ${noun}’s name first`);
      return;
    }
    if (value.length > maxLength) {
      setProblem(`A ${noun}’s name must be at most ${maxLength} characters`);
      return;
    }
    if (changesTextDirection(value)) {
      setProblem(`A ${noun}’s name ${DIRECTION_CONTROL_MESSAGE}`);
      return;
    }
    setProblem(null);
    if (!known.has(value)) setAdded((before) => (before.includes(value) ? before : [...before, value]));
    if (!chosen.includes(value)) form.change(name, [...chosen, value]);
    setTyped('');
    setNote(`${shownLabel(shown, value)} is ticked.`);
  };
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the name rather than saving the whole product.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <ChoiceGroup name={name} legend={legend}>
      {shown.length > 0 ? (
        <ul className="op-choices">
          {shown.map((option) => (
            <li key={option.name}>
              <ChoiceBox name={name} value={option.name}>
                {option.swatch !== undefined && <span className="op-swatch" style={{ background: option.swatch }} aria-hidden="true" />}
                <span className="op-choice__label">{option.label}</span>
              </ChoiceBox>
            </li>
          ))}
        </ul>
      ) : (
        <p className="acc-muted">The shop has none yet.</p>
      )}
      <div className="op-add">
        <label htmlFor={`${id}-add`}>{`Add a ${noun}`}</label>
        <div className="op-add__row">
          <input
            id={`${id}-add`}
            type="text"
            value={typed}
            maxLength={maxLength + 10}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={addOnEnter}
          />
          <button type="button" className="sf-button sf-button--ghost" onClick={add}>
            {`Add ${noun}`}
          </button>
        </div>
        {problem && (
          <p id={`${id}-problem`} className="sf-field__error">
            {problem}
          </p>
        )}
        <p className="sf-visually-hidden" role="status">
          {note}
        </p>
      </div>
    </ChoiceGroup>
  );
}

function shownLabel(shown: readonly Option[], value: string): string {
  const label = shown.find((option) => option.name === value)?.label ?? value;
  return label.charAt(0).toUpperCase() + label.slice(1);
}
