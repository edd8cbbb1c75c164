import { useGetProductsQuery, type ProductQuery } from '@storefront/shared';

interface SearchCorrectionProps {
  /** What the shopper typed. */
  search: string;
  /** The listing the page shows (for the infinite layout, its first page). */
  query: ProductQuery;
}

/**
 * "Showing results for jacket / No results for “jakcet”" when the api searched a corrected text
 * (X-Search-Showing). The status region stays while there is a search, so a screen reader hears
 * the note when the next search's answer fills it in.
 */
export function SearchCorrection({ search, query }: SearchCorrectionProps) {
  // currentData, not data: data is the previous search's answer while this one's is on its way,
  // and its correction would be put to the new search.
  const { currentData } = useGetProductsQuery(query);
  const showing = currentData?.showing;
  return (
    <div className="cat-search-showing" role="status">
      {showing && (
        <>
          <p className="cat-search-showing__corrected">
            Showing results for <em>{showing}</em>
          </p>
          <p className="cat-search-showing__typed">No results for “{search}”.</p>
        </>
      )}
    </div>
  );
}
