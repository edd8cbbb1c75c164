import { useId, useState } from 'react';
import { clampQuantity, MIN_QUANTITY } from '../domain/quantity';

interface QuantityInputProps {
  value: number;
  max: number;
  onChange: (qty: number) => void;
  label?: string;
  disabled?: boolean;
}

/**
 * Quantity with minus and plus: at least 1, at most the available stock; typed values are
 * clamped at once, a negative one to 1, and an empty box or a lone minus sign counts as 1 (and
 * shows 1 again when the shopper leaves it).
 */
export function QuantityInput({ value, max, onChange, label = 'Quantity', disabled = false }: QuantityInputProps) {
  const id = useId();
  // Only a box the shopper has emptied, or begun with a minus sign, needs its own text; otherwise
  // the box shows the value it was given.
  const [unfinished, setUnfinished] = useState<string | null>(null);

  const commit = (next: number) => {
    setUnfinished(null);
    onChange(clampQuantity(next, max));
  };

  return (
    <div className="sf-qty">
      <label htmlFor={id} className="sf-visually-hidden">
        {label}
      </label>
      <button
        type="button"
        className="sf-qty__step"
        aria-label="Decrease quantity"
        disabled={disabled || value <= MIN_QUANTITY}
        onClick={() => commit(value - 1)}
      >
        −
      </button>
      <input
        id={id}
        className="sf-qty__input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        value={unfinished ?? String(value)}
        aria-describedby={`${id}-limits`}
        disabled={disabled}
        onChange={(event) => {
          const typed = event.target.value.trim();
          // A minus sign in front makes the number negative, which is below the least one can buy.
          const negative = /^[-\u2212]/.test(typed);
          const digits = typed.replace(/\D/g, '');
          if (digits === '') {
            setUnfinished(negative ? '-' : '');
            onChange(MIN_QUANTITY);
            return;
          }
          commit(negative ? MIN_QUANTITY : Number(digits));
        }}
        onBlur={() => setUnfinished(null)}
      />
      <button
        type="button"
        className="sf-qty__step"
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => commit(value + 1)}
      >
        +
      </button>
      <span id={`${id}-limits`} className="sf-visually-hidden">
        {`From ${MIN_QUANTITY} to ${max}`}
      </span>
    </div>
  );
}
