import { useGetProductsQuery } from '@storefront/shared';
import { useEffect, useEffectEvent, useRef } from 'react';
import { ProductCard } from '../products/ProductCard';
import { gridStyle, PRIORITY_CARDS, ProductGrid } from '../products/ProductGrid';
import { toProductQuery, type ShopFilters, type ShopView } from './shopFilters';
import { NoResults } from './ShopResults';
import type { UpdateShopFilters } from './useShopFilters';

/** How near the end of the list (in pixels) the next page starts loading. */
const LOAD_AHEAD_PX = 600;

function PageItems({ filters, page, view }: { filters: ShopFilters; page: number; view: ShopView }) {
  const { data } = useGetProductsQuery(toProductQuery(filters, page));
  return (
    <>
      {data?.products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} view={view} priority={page === 1 && index < PRIORITY_CARDS} />
        </li>
      ))}
    </>
  );
}

interface InfiniteResultsProps {
  filters: ShopFilters;
  update: UpdateShopFilters;
  view: ShopView;
  columns: number;
}

/**
 * infinite-scroll: page after page in one list, the next loading as the shopper nears the end.
 * How many pages are shown is kept in the URL (replacing the entry), so a reload shows as many.
 */
export function InfiniteResults({ filters, update, view, columns }: InfiniteResultsProps) {
  const pages = filters.page;
  const first = useGetProductsQuery(toProductQuery(filters, 1));
  const last = useGetProductsQuery(toProductQuery(filters, pages));
  const sentinel = useRef<HTMLDivElement>(null);
  const total = first.data?.total ?? 0;
  const hasMore = pages * filters.perPage < total;
  const loading = first.isFetching || last.isFetching;
  const loadMore = () => update({ page: pages + 1 }, { replace: true, keepPage: true });
  const canLoad = hasMore && !loading && !last.isError;
  const onNearEnd = useEffectEvent(() => loadMore());

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canLoad || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onNearEnd();
    }, { rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` });
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoad, pages]);

  if (first.isLoading || first.isError || !first.data || first.data.products.length === 0) {
    return (
      <ProductGrid
        label="Products"
        products={first.data?.products}
        isLoading={first.isLoading}
        isError={first.isError}
        onRetry={() => void first.refetch()}
        placeholders={Math.min(filters.perPage, 12)}
        view={view}
        columns={columns}
        empty={<NoResults filters={filters} />}
      />
    );
  }

  return (
    <div className="cat-infinite">
      <ul className={view === 'list' ? 'cat-rows' : 'cat-grid'} style={gridStyle(columns)} aria-label="Products" data-view={view} data-columns={view === 'list' ? 1 : columns}>
        {Array.from({ length: pages }, (_, index) => (
          <PageItems key={index + 1} filters={filters} page={index + 1} view={view} />
        ))}
      </ul>
      <div ref={sentinel} className="cat-infinite__status">
        {loading && (
          <p role="status" className="cat-infinite__loading">
            <span className="cat-spinner" aria-hidden="true" /> Loading more products…
          </p>
        )}
        {last.isError && (
          <div role="alert">
            <p>The next products couldn’t load.</p>
            <button type="button" className="sf-button" onClick={() => void last.refetch()}>
              Try again
            </button>
          </div>
        )}
        {canLoad && (
          <button type="button" className="sf-button sf-button--ghost" onClick={loadMore}>
            Load more products
          </button>
        )}
        {!hasMore && !loading && (
          <p className="cat-infinite__end" role="status">
            You’ve seen all {total} {total === 1 ? 'product' : 'products'}.
          </p>
        )}
      </div>
    </div>
  );
}
