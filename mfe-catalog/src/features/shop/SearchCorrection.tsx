interface SearchCorrectionProps {
  /** What the shopper typed. */
  search: string;
  /** What the api searched instead (X-Search-Showing); undefined when it searched what was typed. */
  showing: string | undefined;
}

/**
 * One line when the api searched a corrected text (X-Search-Showing): Showing results for “jacket”
 * — no results for “jakcet”. The status region stays while there is a search, so a screen reader
 * hears the line when the next search's answer fills it in.
 */
export function SearchCorrection({ search, showing }: SearchCorrectionProps) {
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
