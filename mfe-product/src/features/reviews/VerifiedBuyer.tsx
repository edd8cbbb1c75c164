function CheckIcon() {
  return (
    <svg className="prd-verified__icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="12" height="12">
      <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Beside the author of a review whose account had ordered the product when writing it. */
export function VerifiedBuyerBadge() {
  return (
    <span className="prd-verified">
      <CheckIcon />
      Verified buyer
    </span>
  );
}

/**
 * How many of the reviews are from verified buyers, in words. None is said too: a rating made
 * only by shoppers who never bought the product is what a shopper most needs to know about.
 */
export function verifiedBuyersSentence(verified: number, total: number): string {
  if (total === 1) return verified === 1 ? 'The review is from a verified buyer' : 'The review is not from a verified buyer';
  if (verified === 0) return `None of the ${total} reviews are from verified buyers`;
  if (verified === total) return `All ${total} reviews are from verified buyers`;
  return verified === 1 ? `1 of ${total} reviews is from a verified buyer` : `${verified} of ${total} reviews are from verified buyers`;
}

/** The line under the rating breakdown; nothing while the product has no reviews. */
export function VerifiedBuyersSummary({ verified, total }: { verified: number; total: number }) {
  if (total === 0) return null;
  return (
    <p className="prd-breakdown__verified" data-testid="verified-summary">
      {verified > 0 && <CheckIcon />}
      {verifiedBuyersSentence(verified, total)}
    </p>
  );
}
