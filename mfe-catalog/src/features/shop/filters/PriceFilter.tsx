import { formatRand, type ProductFacets } from '@storefront/shared';
import { useId, useState, type FormEvent } from 'react';
import { afterSubmit } from '../../search/afterSubmit';
import type { ShopFilters } from '../shopFilters';
import type { UpdateShopFilters } from '../useShopFilters';

function parsePrice(text: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : 'invalid';
}

interface PriceFilterProps {
  range: ProductFacets['price'];
  filters: ShopFilters;
  update: UpdateShopFilters;
}

/** A from–to price range on what the shopper pays (sale prices included), applied on submit. */
export function PriceFilter({ range, filters, update }: PriceFilterProps) {
  const id = useId();
  const [min, setMin] = useState(filters.minPrice?.toString() ?? '');
  const [max, setMax] = useState(filters.maxPrice?.toString() ?? '');
  const [error, setError] = useState('');
  // The URL may change the range from elsewhere (a chip, Back); the fields follow it.
  const [shown, setShown] = useState({ min: filters.minPrice, max: filters.maxPrice });
  if (shown.min !== filters.minPrice || shown.max !== filters.maxPrice) {
    setShown({ min: filters.minPrice, max: filters.maxPrice });
    setMin(filters.minPrice?.toString() ?? '');
    setMax(filters.maxPrice?.toString() ?? '');
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minPrice = parsePrice(min);
    const maxPrice = parsePrice(max);
    if (minPrice === 'invalid' || maxPrice === 'invalid') {
      setError('Prices are amounts in Rand, like 250 or 99.99.');
      return;
    }
    setError('');
    afterSubmit(() => update({ minPrice, maxPrice }));
  };

  return (
    <form className="cat-price" onSubmit={submit} noValidate aria-describedby={range ? `${id}-range` : undefined}>
      <div className="cat-price__fields">
        <label htmlFor={`${id}-min`}>Min price</label>
        <input id={`${id}-min`} inputMode="decimal" value={min} placeholder={range ? String(Math.floor(range.min)) : 'R'} onChange={(event) => setMin(event.target.value)} aria-invalid={error !== ''} />
        <label htmlFor={`${id}-max`}>Max price</label>
        <input id={`${id}-max`} inputMode="decimal" value={max} placeholder={range ? String(Math.ceil(range.max)) : 'R'} onChange={(event) => setMax(event.target.value)} aria-invalid={error !== ''} />
      </div>
      {range && (
        <p id={`${id}-range`} className="cat-price__range">
          Prices here: {formatRand(range.min)} – {formatRand(range.max)}
        </p>
      )}
      {error && (
        <p className="sf-field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="sf-button sf-button--ghost">
        Apply price
      </button>
    </form>
  );
}
