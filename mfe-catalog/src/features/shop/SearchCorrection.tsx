import { useGetProductsQuery, type ProductQuery } from '@storefront/shared';

/** The text the api searched in place of what was typed, once this listing's own answer is in; undefined when it searched what was typed. */
export function useCorrectedSearch(query: ProductQuery): string | undefined {
  // currentData, not data: data is the previous search's answer while this one's is on its way,
  // and its correction would be put to the new search.
  const { currentData } = useGetProductsQuery(query);
  return currentData?.showing;
}

interface SearchCorrectionProps {
  /** What the shopper typed. */
  search: string;
  /** The listing the page shows (for the infinite layout, its first page). */
  query: ProductQuery;
}

/**
 * One line when the api searched a corrected text (X-Search-Showing): Showing results for “jacket”
 * — no results for “jakcet”. The status region stays while there is a search, so a screen reader
 * hears the line when the next search's answer fills it in.
 */
export function SearchCorrection({ search, query }: SearchCorrectionProps) {
  const showing = useCorrectedSearch(query);
  return (
    <div className="cat-search-showing" role="status">
      {showing && (
        <p className="cat-search-showing__corrected">
          Showing results for “<em>{showing}</em>” <span className="cat-search-showing__typed">— no results for “{search}”</span>
        </p>
      )}
    </div>
  );
}
