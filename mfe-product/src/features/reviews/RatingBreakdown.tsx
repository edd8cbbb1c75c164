import { RatingBar, type ReviewRatingCount } from '@storefront/shared';
import { VerifiedBuyersSummary } from './VerifiedBuyer';

interface RatingBreakdownProps {
  average: number;
  total: number;
  ratingCounts: readonly ReviewRatingCount[];
  /** How many of all `total` reviews are from verified buyers. */
  verifiedCount: number;
}

/** The average of the reviews, a bar for each number of stars showing its share, and how many are verified buyers'. */
export function RatingBreakdown({ average, total, ratingCounts, verifiedCount }: RatingBreakdownProps) {
  return (
    <div className="prd-breakdown">
      <div className="prd-breakdown__average">
        <span className="prd-breakdown__score">{average.toFixed(1)}</span>
        <RatingBar rating={average} />
        <span className="prd-breakdown__basis">
          from {total} {total === 1 ? 'review' : 'reviews'}
        </span>
      </div>
      <ul className="prd-breakdown__bars" aria-label="Reviews by rating">
        {ratingCounts.map(({ rating, count }) => {
          const percent = total === 0 ? 0 : Math.round((count / total) * 100);
          return (
            <li key={rating} className="prd-breakdown__row">
              <span className="prd-breakdown__stars">
                {rating} {rating === 1 ? 'star' : 'stars'}
              </span>
              <span className="prd-breakdown__track" aria-hidden="true">
                <span className="prd-breakdown__fill" style={{ width: `${percent}%` }} />
              </span>
              <span className="prd-breakdown__count">
                {count} <span className="sf-visually-hidden">{count === 1 ? 'review' : 'reviews'}, </span>({percent}%)
              </span>
            </li>
          );
        })}
      </ul>
      <VerifiedBuyersSummary verified={verifiedCount} total={total} />
    </div>
  );
}
