import { ratingBarWidth } from '../domain/rating';

/** Five stars filled 20 percent a point. */
export function RatingBar({ rating }: { rating: number }) {
  const label = `Rated ${Math.round(rating * 10) / 10} out of 5`;
  return (
    <span className="sf-rating" role="img" aria-label={label} title={label}>
      <span className="sf-rating__fill" style={{ width: ratingBarWidth(rating) }} data-testid="rating-fill" />
    </span>
  );
}
