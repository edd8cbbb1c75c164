import { Skeleton, type ProductFacets } from '@storefront/shared';
import { laterModule } from '@storefront/shared/later-module';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useGetProductFacetsQuery } from '../catalogApi';
import { toFilterQuery, type ShopFilters } from '../shopFilters';
import type { UpdateShopFilters } from '../useShopFilters';

/** The sections' controls, loaded where the filters show (filterControls.ts). */
export const filterControls = laterModule('the shop’s filters', () => import(/* webpackChunkName: "later-shop-filters" */ './filterControls'));

/** The width from which the shop's sidebar shows (shop.css); below it the filters open in a drawer. */
const SIDEBAR_QUERY = '(min-width: 992px)';

function subscribeToSidebarWidth(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(SIDEBAR_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Whether the sidebar shows; false on the server, and while the browser hydrates what it drew.
 * A browser that cannot say (no matchMedia) is taken to show it.
 */
export function useSidebarShows(): boolean {
  return useSyncExternalStore(
    subscribeToSidebarWidth,
    () => typeof window.matchMedia !== 'function' || window.matchMedia(SIDEBAR_QUERY).matches,
    () => false,
  );
}

export interface FilterSection {
  key: 'category' | 'colour' | 'size' | 'price' | 'availability';
  title: string;
  content: ReactNode;
}

/**
 * The sidebar's sections for the current filters, from the facet counts of the api. `shown`: the
 * filters are on screen, so their controls' code loads (not the hidden sidebar of a phone).
 */
export function useFilterSections(filters: ShopFilters, update: UpdateShopFilters, shown = true) {
  const query = useGetProductFacetsQuery(toFilterQuery(filters));
  const controls = filterControls.useLoaded(shown);
  const facets: ProductFacets | undefined = query.data;
  const sections: FilterSection[] =
    facets && controls
      ? [
          { key: 'category', title: 'Categories', content: <controls.CategoryFilter categories={facets.categories} filters={filters} update={update} /> },
          { key: 'colour', title: 'Colour', content: <controls.ColourFilter facets={facets} filters={filters} update={update} /> },
          { key: 'size', title: 'Size', content: <controls.SizeFilter facets={facets} filters={filters} update={update} /> },
          { key: 'price', title: 'Price', content: <controls.PriceFilter range={facets.price} filters={filters} update={update} /> },
          { key: 'availability', title: 'Availability', content: <controls.AvailabilityFilter filters={filters} update={update} /> },
        ]
      : [];
  return { sections, isLoading: query.isLoading || (!controls && !query.isError), isError: query.isError, retry: () => void query.refetch() };
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
  /** Whether it is on screen (the sidebar is hidden on a phone): its controls' code loads then. */
  shown?: boolean;
}

/** Every filter section, stacked (sidebar, drawer) or side by side (the horizontal panel). */
export function FilterPanel({ filters, update, orientation = 'vertical', shown = true }: FilterPanelProps) {
  const { sections, isLoading, isError, retry } = useFilterSections(filters, update, shown);
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
