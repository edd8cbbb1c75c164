import { useId, type ReactNode } from 'react';
import { PER_PAGE_OPTIONS, SORT_OPTIONS, type PerPage, type ShopFilters, type ShopView } from './shopFilters';
import type { UpdateShopFilters } from './useShopFilters';

interface ShopToolbarProps {
  filters: ShopFilters;
  update: UpdateShopFilters;
  view: ShopView;
  /** "Showing 1–12 of 65 products", or what is loading. */
  summary: string;
  /** The layout's own controls: a Filters button, a panel toggle, filter dropdowns. */
  before?: ReactNode;
}

function GridIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18">
      <rect x="2" y="2" width="7" height="7" /><rect x="11" y="2" width="7" height="7" /><rect x="2" y="11" width="7" height="7" /><rect x="11" y="11" width="7" height="7" />
    </svg>
  );
}

function ListIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="18" height="18">
      <rect x="2" y="3" width="16" height="3" /><rect x="2" y="9" width="16" height="3" /><rect x="2" y="15" width="16" height="3" />
    </svg>
  );
}

/** Every layout's toolbar: result count, sort, page size and the grid/list switch. */
export function ShopToolbar({ filters, update, view, summary, before }: ShopToolbarProps) {
  const id = useId();
  return (
    <div className="cat-toolbar" role="region" aria-label="Sort and view">
      {before}
      <p className="cat-toolbar__count" aria-live="polite">
        {summary}
      </p>
      <div className="cat-toolbar__controls">
        {/* A label and its control wrap as one: the label never ends the line above its control. */}
        <span className="cat-toolbar__field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select id={`${id}-sort`} value={filters.sort ?? ''} onChange={(event) => update({ sort: (SORT_OPTIONS.find((option) => option.value === event.target.value)?.value || null) })}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </span>
        <span className="cat-toolbar__field">
          <label htmlFor={`${id}-show`}>Show</label>
          <select id={`${id}-show`} value={filters.perPage} onChange={(event) => update({ perPage: Number(event.target.value) as PerPage })}>
            {PER_PAGE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option} per page
              </option>
            ))}
          </select>
        </span>
        <div className="cat-toolbar__views" role="group" aria-label="View">
          <button type="button" className="cat-view-button" aria-pressed={view === 'grid'} aria-label="Grid view" onClick={() => update({ view: 'grid' }, { keepPage: true })}>
            <GridIcon />
          </button>
          <button type="button" className="cat-view-button" aria-pressed={view === 'list'} aria-label="List view" onClick={() => update({ view: 'list' }, { keepPage: true })}>
            <ListIcon />
          </button>
        </div>
      </div>
    </div>
  );
}
