import { Link, useGetCategoriesQuery, useGetProductsQuery } from '@storefront/shared';
import { useDeferredValue } from 'react';
import { ProductGrid } from '../products/ProductGrid';
import { nameCategory } from './categoryNames';
import { Pagination } from './Pagination';
import { toProductQuery, writeShopFilters, NO_FILTERS, type ShopFilters, type ShopView } from './shopFilters';

/** What to say when nothing matches, with a way on: without the filters, or the whole shop. */
export function NoResults({ filters }: { filters: ShopFilters }) {
  const { data: categories } = useGetCategoriesQuery();
  const category = filters.category ? nameCategory(filters.category, categories) : null;
  const everywhere = filters.search ? `/shop?${writeShopFilters({ ...NO_FILTERS, search: filters.search }).toString()}` : '/shop';
  if (category && !category.stocked) {
    return (
      <div>
        <p>We don’t stock {category.label} yet{filters.search ? ` — nothing for “${filters.search}” there` : ''}.</p>
        <p>
          {category.parent && (
            <>
              <Link to={`/shop?${writeShopFilters({ ...NO_FILTERS, search: filters.search, category: category.parent.id }).toString()}`}>
                Look in {category.parent.name}
              </Link>{' '}
              or{' '}
            </>
          )}
          <Link to={everywhere}>{filters.search ? `search “${filters.search}” in every category` : 'see all products'}</Link>.
        </p>
      </div>
    );
  }
  return (
    <p>
      No products match. <Link to={everywhere}>{filters.search ? `Search “${filters.search}” without filters` : 'See all products'}</Link>
    </p>
  );
}

interface ResultsProps {
  filters: ShopFilters;
  view: ShopView;
  columns: number;
}

/** One page of the list, with page links that keep every other parameter. */
export function PagedResults({ filters, view, columns }: ResultsProps) {
  const { data, isLoading, isFetching, isError, refetch } = useGetProductsQuery(toProductQuery(filters));
  // Cards are drawn in a transition, so React yields to the browser while drawing a page of them.
  const shown = useDeferredValue(data);
  const total = data?.total ?? 0;
  return (
    <>
      <div aria-busy={isFetching} className={isFetching && !isLoading ? 'cat-results cat-results--refreshing' : 'cat-results'}>
        <ProductGrid
          label="Products"
          products={shown?.products}
          isLoading={isLoading || (data !== undefined && shown === undefined)}
          isError={isError}
          onRetry={() => void refetch()}
          placeholders={Math.min(filters.perPage, 12)}
          view={view}
          columns={columns}
          empty={<NoResults filters={filters} />}
          priority
        />
      </div>
      <Pagination page={filters.page} pageCount={Math.ceil(total / filters.perPage)} />
    </>
  );
}

/** The list's place, held while a layout's own list (the infinite one) loads. */
export function ResultsSkeleton({ view, columns }: { view: ShopView; columns: number }) {
  return <ProductGrid label="Products" products={undefined} isLoading isError={false} onRetry={() => undefined} placeholders={12} view={view} columns={columns} empty={null} />;
}
