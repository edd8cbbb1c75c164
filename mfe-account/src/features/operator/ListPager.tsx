import { Link } from '@storefront/shared';

/**
 * "Previous", "Page 2 of 7", "Next" under an operator's list: links, so a page of the list can be
 * opened in a new tab or shared. `hrefOf` gives a page's address with the list's search kept.
 */
export function ListPager({ page, pages, label, hrefOf }: { page: number; pages: number; label: string; hrefOf: (page: number) => string }) {
  return (
    <nav className="op-pager" aria-label={label}>
      {page > 1 ? (
        <Link to={hrefOf(Math.min(page - 1, pages))} rel="prev">
          Previous
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefOf(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
