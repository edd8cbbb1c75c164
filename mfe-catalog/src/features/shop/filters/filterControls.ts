/**
 * The filter sections' controls: a chunk of their own (FilterSections.tsx), loaded where the
 * filters show. On a phone the shop's sidebar is hidden and its filters open in a drawer, so the
 * first load carries none of them.
 */
export { CategoryFilter } from './CategoryFilter';
export { AvailabilityFilter, ColourFilter, SizeFilter } from './OptionFilters';
export { PriceFilter } from './PriceFilter';
