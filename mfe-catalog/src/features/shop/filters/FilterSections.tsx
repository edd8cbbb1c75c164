import { Skeleton } from '@storefront/shared';
import type { ReactNode } from 'react';
import { useGetProductFacetsQuery, type ProductFacets } from '../catalogApi';
import { toFilterQuery, type ShopFilters } from '../shopFilters';
import type { UpdateShopFilters } from '../useShopFilters';
import { CategoryFilter } from './CategoryFilter';
import { AvailabilityFilter, ColourFilter, SizeFilter } from './OptionFilters';
import { PriceFilter } from './PriceFilter';

export interface FilterSection {
  key: 'category' | 'colour' | 'size' | 'price' | 'availability';
  title: string;
  content: ReactNode;
}

/** The sidebar's sections for the current filters, from the facet counts of the api. */
export function useFilterSections(filters: ShopFilters, update: UpdateShopFilters) {
  const query = useGetProductFacetsQuery(toFilterQuery(filters));
  const facets: ProductFacets | undefined = query.data;
  const sections: FilterSection[] = facets
    ? [
        { key: 'category', title: 'Categories', content: <CategoryFilter categories={facets.categories} filters={filters} update={update} /> },
        { key: 'colour', title: 'Colour', content: <ColourFilter facets={facets} filters={filters} update={update} /> },
        { key: 'size', title: 'Size', content: <SizeFilter facets={facets} filters={filters} update={update} /> },
        { key: 'price', title: 'Price', content: <PriceFilter range={facets.price} filters={filters} update={update} /> },
        { key: 'availability', title: 'Availability', content: <AvailabilityFilter filters={filters} update={update} /> },
      ]
    : [];
  return { sections, isLoading: query.isLoading, isError: query.isError, retry: () => void query.refetch() };
}

export function FiltersLoading() {
  return (
    <div className="cat-filters__loading" role="status" aria-busy="true" aria-label="Loading filters">
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height="72px" />
      ))}
    </div>
  );
}

export function FiltersError({ retry }: { retry: () => void }) {
  return (
    <div className="sf-notice" role="alert">
      <p>The filters couldn’t load.</p>
      <button type="button" className="sf-button sf-button--ghost" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

interface FilterPanelProps {
  filters: ShopFilters;
  update: UpdateShopFilters;
  orientation?: 'vertical' | 'horizontal';
}

/** Every filter section, stacked (sidebar, drawer) or side by side (the horizontal panel). */
export function FilterPanel({ filters, update, orientation = 'vertical' }: FilterPanelProps) {
  const { sections, isLoading, isError, retry } = useFilterSections(filters, update);
  if (isLoading) return <FiltersLoading />;
  if (isError) return <FiltersError retry={retry} />;
  return (
    <div className={`cat-filters cat-filters--${orientation}`}>
      {sections.map((section) => (
        <section key={section.key} className="cat-filter" aria-labelledby={`filter-${section.key}-${orientation}`}>
          <h2 id={`filter-${section.key}-${orientation}`} className="cat-filter__title">
            {section.title}
          </h2>
          {section.content}
        </section>
      ))}
    </div>
  );
}
