import { Link, useLocation, useSearchParams } from '@storefront/shared';

/** How many page links show either side of the current one; the first and last always show. */
const NEIGHBOURS = 2;

/** The pages to link: 1 … 4 5 [6] 7 8 … 40, with null for each gap. */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount]);
  for (let target = page - NEIGHBOURS; target <= page + NEIGHBOURS; target += 1) {
    if (target >= 1 && target <= pageCount) shown.add(target);
  }
  const pages: (number | null)[] = [];
  for (const target of [...shown].sort((a, b) => a - b)) {
    const previous = pages[pages.length - 1];
    if (typeof previous === 'number' && target - previous > 1) pages.push(null);
    pages.push(target);
  }
  return pages;
}

/** Page links that keep every other query parameter, so a link or a reload shows the same page. */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav className="cat-pagination" aria-label="Pages">
      {page > 1 && (
        <Link to={hrefFor(Math.min(page - 1, pageCount))} rel="prev">
          ← Previous
        </Link>
      )}
      {visiblePages(page, pageCount).map((target, index) =>
        target === null ? (
          <span key={`gap-${index}`} className="cat-pagination__gap" aria-hidden="true">
            …
          </span>
        ) : target === page ? (
          <span key={target} aria-current="page" className="cat-pagination__current">
            {target}
          </span>
        ) : (
          <Link key={target} to={hrefFor(target)} aria-label={`Page ${target}`}>
            {target}
          </Link>
        ),
      )}
      {page < pageCount && (
        <Link to={hrefFor(page + 1)} rel="next">
          Next →
        </Link>
      )}
    </nav>
  );
}
