import { formatRand, useGetCategoriesQuery } from '@storefront/shared';
import { nameCategory } from './categoryNames';
import { clearFilters, hasActiveFilters, type ShopFilters } from './shopFilters';
import type { UpdateShopFilters } from './useShopFilters';

interface Chip {
  key: string;
  label: string;
  remove: Partial<ShopFilters>;
}

function chipsFor(filters: ShopFilters, categoryLabel: string): Chip[] {
  const chips: Chip[] = [];
  if (filters.category) chips.push({ key: 'category', label: `Category: ${categoryLabel}`, remove: { category: '' } });
  for (const colour of filters.colour) {
    chips.push({ key: `colour-${colour}`, label: `Colour: ${colour}`, remove: { colour: filters.colour.filter((item) => item !== colour) } });
  }
  for (const size of filters.size) {
    chips.push({ key: `size-${size}`, label: `Size: ${size.toUpperCase()}`, remove: { size: filters.size.filter((item) => item !== size) } });
  }
  if (filters.minPrice !== null) chips.push({ key: 'min', label: `From ${formatRand(filters.minPrice)}`, remove: { minPrice: null } });
  if (filters.maxPrice !== null) chips.push({ key: 'max', label: `Up to ${formatRand(filters.maxPrice)}`, remove: { maxPrice: null } });
  if (filters.onSale) chips.push({ key: 'sale', label: 'On sale', remove: { onSale: false } });
  if (filters.isNew) chips.push({ key: 'new', label: 'New arrivals', remove: { isNew: false } });
  if (filters.inStock) chips.push({ key: 'stock', label: 'In stock', remove: { inStock: false } });
  return chips;
}

/** The filters in force as chips, each removable, and one button that clears them all. */
export function ActiveFilterChips({ filters, update }: { filters: ShopFilters; update: UpdateShopFilters }) {
  const { data: categories } = useGetCategoriesQuery();
  if (!hasActiveFilters(filters)) return null;
  const chips = chipsFor(filters, nameCategory(filters.category, categories).label);
  return (
    <div className="cat-chips" role="region" aria-label="Active filters">
      <ul>
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className="cat-chip" aria-label={`Remove filter ${chip.label}`} onClick={() => update(chip.remove)}>
              {chip.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="cat-chips__clear" onClick={() => update(clearFilters(filters))}>
        Clear all
      </button>
    </div>
  );
}
