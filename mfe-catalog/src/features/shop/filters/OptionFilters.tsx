import type { ProductFacets } from '@storefront/shared';
import { toggle, type ShopFilters } from '../shopFilters';
import type { UpdateShopFilters } from '../useShopFilters';

interface OptionFilterProps {
  facets: ProductFacets;
  filters: ShopFilters;
  update: UpdateShopFilters;
}

/** Colour swatches; choosing several shows products in any of them. */
export function ColourFilter({ facets, filters, update }: OptionFilterProps) {
  return (
    <ul className="cat-swatches">
      {facets.colours.map((colour) => {
        const chosen = filters.colour.includes(colour.name);
        return (
          <li key={colour.name}>
            <button
              type="button"
              className="cat-swatch"
              aria-pressed={chosen}
              aria-label={`${colour.name} (${colour.count})`}
              title={`${colour.name} (${colour.count})`}
              disabled={colour.count === 0 && !chosen}
              style={{ backgroundColor: colour.code }}
              onClick={() => update({ colour: toggle(filters.colour, colour.name) })}
            />
          </li>
        );
      })}
    </ul>
  );
}

export function SizeFilter({ facets, filters, update }: OptionFilterProps) {
  return (
    <ul className="cat-sizes">
      {facets.sizes.map((size) => {
        const chosen = filters.size.includes(size.name);
        return (
          <li key={size.name}>
            <button
              type="button"
              className="cat-size"
              aria-pressed={chosen}
              // The visible letters begin the name (WCAG 2.5.3), so a shopper who says what they see can press it.
              aria-label={`${size.name.toUpperCase()}, ${size.label} (${size.count})`}
              disabled={size.count === 0 && !chosen}
              onClick={() => update({ size: toggle(filters.size, size.name) })}
            >
              {size.name.toUpperCase()}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function AvailabilityFilter({ filters, update }: Omit<OptionFilterProps, 'facets'>) {
  const flags = [
    { key: 'onSale', label: 'On sale' },
    { key: 'isNew', label: 'New arrivals' },
    { key: 'inStock', label: 'In stock' },
  ] as const;
  return (
    <ul className="cat-flags">
      {flags.map((flag) => (
        <li key={flag.key}>
          <label className="sf-check">
            <input type="checkbox" checked={filters[flag.key]} onChange={(event) => update({ [flag.key]: event.target.checked })} />
            {flag.label}
          </label>
        </li>
      ))}
    </ul>
  );
}
