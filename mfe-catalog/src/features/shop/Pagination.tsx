import { Link, useLocation, useSearchParams } from 'react-router-dom';

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
        <Link to={hrefFor(page - 1)} rel="prev">
          ← Previous
        </Link>
      )}
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((target) =>
        target === page ? (
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
