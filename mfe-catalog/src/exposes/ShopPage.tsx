import { Link, useGetCategoriesQuery, useGetProductsQuery, useNotFoundStatus, useParams } from '@storefront/shared';
import { useState } from 'react';
import { findShopLayout, SHOP_LAYOUTS, type ShopLayout } from '../features/layouts/shopLayouts';
import { nameCategory } from '../features/shop/categoryNames';
import { FilterDrawer } from '../features/shop/FilterDrawer';
import { FilterPanel, useSidebarShows } from '../features/shop/filters/FilterSections';
import { SearchCorrection } from '../features/shop/SearchCorrection';
import { PagedResults, ResultsSkeleton } from '../features/shop/ShopResults';
import { needsLayoutParts, shopLayoutParts } from '../features/shop/shopLayoutParts';
import { ShopToolbar } from '../features/shop/ShopToolbar';
import { hasActiveFilters, toProductQuery, type ShopFilters } from '../features/shop/shopFilters';
import { useShopFilters } from '../features/shop/useShopFilters';
import '../features/shop/shop.css';

// The shell puts the page's first data in the store before the first render (its federation/pageData.ts).
export { prefetchShopPage as prefetchPageData } from '../features/shop/prefetchShopPage';

function activeFilterCount(filters: ShopFilters): number {
  return (
    (filters.category ? 1 : 0) +
    filters.colour.length +
    filters.size.length +
    (filters.minPrice !== null ? 1 : 0) +
    (filters.maxPrice !== null ? 1 : 0) +
    Number(filters.onSale) +
    Number(filters.isNew) +
    Number(filters.inStock)
  );
}

function summaryOf(filters: ShopFilters, layout: ShopLayout, total: number | undefined): string {
  if (total === undefined) return 'Loading products…';
  if (total === 0) return 'No products';
  const noun = total === 1 ? 'product' : 'products';
  if (layout.infinite) return `${total} ${noun}`;
  const from = (filters.page - 1) * filters.perPage + 1;
  const to = Math.min(total, filters.page * filters.perPage);
  return from > total ? `${total} ${noun}` : `Showing ${from}–${to} of ${total} ${noun}`;
}

function UnknownLayout({ path }: { path: string }) {
  useNotFoundStatus();
  return (
    <div className="sf-container cat-shop">
      <h1>No such shop page</h1>
      <p>
        There is no shop layout “{path}”. <Link to="/shop">Go to the shop</Link> or pick a layout:
      </p>
      <ul className="cat-layout-links">
        {SHOP_LAYOUTS.filter((layout) => layout.slug).map((layout) => (
          <li key={layout.slug}>
            <Link to={`/shop/${layout.slug}`}>{layout.name}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /shop and its layouts: the same list, filters and toolbar, arranged the layout's way.
 * Every filter, the sort, page, page size and view live in the URL.
 */
export default function ShopPage() {
  const path = useParams()['*'] ?? '';
  const layout = findShopLayout(path);
  const [filters, update] = useShopFilters();
  const [panelOpen, setPanelOpen] = useState(true);
  const { data: categories } = useGetCategoriesQuery();
  const listing = toProductQuery(filters, layout?.infinite ? 1 : filters.page);
  const { data, currentData } = useGetProductsQuery(listing);
  // The text the api searched in place of what was typed. From currentData, not data: data is the
  // previous search's answer while this one's is on its way, and its correction would be put to the new search.
  const corrected = currentData?.showing;
  // Normally in before the first render (prefetchShopPage); until then their places are held.
  const parts = shopLayoutParts.useLoaded(needsLayoutParts(layout, filters));
  const sidebarShows = useSidebarShows();
  if (!layout) return <UnknownLayout path={path} />;

  const view = filters.view ?? layout.view;
  const categoryName = filters.category ? nameCategory(filters.category, categories).label : '';
  // A corrected search is named by what was searched, the text its products match.
  const title = filters.search ? `Results for “${corrected ?? filters.search}”` : categoryName || layout.name;
  const columns = layout.filters === 'toggle-panel' ? (panelOpen ? 3 : 4) : layout.columns;
  const sidebar = layout.filters === 'left' || layout.filters === 'right';
  const count = activeFilterCount(filters);

  const layoutControls =
    layout.filters === 'drawer' ? (
      <FilterDrawer filters={filters} update={update} activeCount={count} />
    ) : layout.filters === 'toggle-panel' ? (
      <button type="button" className="sf-button sf-button--ghost cat-filters-button" aria-expanded={panelOpen} aria-controls="shop-filter-panel" onClick={() => setPanelOpen(!panelOpen)}>
        {panelOpen ? 'Hide filters' : 'Show filters'}
      </button>
    ) : layout.filters === 'dropdowns' ? (
      parts && <parts.FilterDropdowns filters={filters} update={update} />
    ) : (
      // Below 992 px the sidebar would push the list off the screen: it becomes a drawer there.
      <div className="cat-sidebar-drawer">
        <FilterDrawer filters={filters} update={update} activeCount={count} />
      </div>
    );

  const results = layout.infinite ? (
    parts ? <parts.InfiniteResults filters={filters} update={update} view={view} columns={columns} /> : <ResultsSkeleton view={view} columns={columns} />
  ) : (
    <PagedResults filters={filters} view={view} columns={columns} />
  );

  return (
    <div
      className={['cat-shop', layout.boxed ? 'cat-shop--boxed' : '', layout.fluid ? 'cat-shop--fluid' : 'sf-container'].join(' ')}
      data-layout={layout.slug || 'default'}
    >
      <nav aria-label="Breadcrumb" className="cat-breadcrumb">
        <Link to="/">Home</Link> / <Link to="/shop">Shop</Link>
        {categoryName && <> / {categoryName}</>}
      </nav>
      <h1>{title}</h1>
      {layout.banner && !parts && <div className="cat-banner" aria-hidden="true" />}
      {layout.banner === 'slider' && parts && <parts.BannerSlider />}
      {layout.banner === 'image' && parts && <parts.BannerImage />}
      {layout.filters === 'toggle-panel' && panelOpen && (
        <div id="shop-filter-panel" className="cat-filter-panel" role="region" aria-label="Filters">
          <FilterPanel filters={filters} update={update} orientation="horizontal" />
        </div>
      )}
      <div className={sidebar ? `cat-shop__body cat-shop__body--${layout.filters}` : 'cat-shop__body'}>
        {sidebar && (
          <aside className="cat-sidebar" aria-label="Filters">
            <FilterPanel filters={filters} update={update} shown={sidebarShows} />
          </aside>
        )}
        <div className="cat-shop__main">
          <ShopToolbar filters={filters} update={update} view={view} summary={summaryOf(filters, layout, data?.total)} before={layoutControls} />
          {hasActiveFilters(filters) && parts && <parts.ActiveFilterChips filters={filters} update={update} />}
          {filters.search && <SearchCorrection search={filters.search} showing={corrected} />}
          {/* The cards' names are level 3: the list has its heading, for the outline's sake, whether or not the filters' are drawn. */}
          <h2 className="sf-visually-hidden">Products</h2>
          {results}
        </div>
      </div>
    </div>
  );
}
