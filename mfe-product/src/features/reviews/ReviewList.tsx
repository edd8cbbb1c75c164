import { RatingBar, type ProductReview } from '@storefront/shared';
import { formatLongDate } from '../detail/longDate';
import { useEffect, useRef } from 'react';
import { VerifiedBuyerBadge } from './VerifiedBuyer';

interface ReviewListProps {
  reviews: readonly ProductReview[];
  /** After "Show more", focus moves to the first review that arrived, so keyboard users read on. */
  focusIndex: number | null;
}

export function ReviewList({ reviews, focusIndex }: ReviewListProps) {
  const items = useRef(new Map<number, HTMLElement>());
  useEffect(() => {
    if (focusIndex !== null) items.current.get(focusIndex)?.focus();
  }, [focusIndex, reviews.length]);

  return (
    <ol className="prd-review-list">
      {reviews.map((review, index) => {
        const headingId = `review-${review.id}`;
        return (
          <li key={review.id}>
            <article
              className="prd-review"
              aria-labelledby={headingId}
              tabIndex={-1}
              data-testid="review"
              ref={(element) => {
                if (element) items.current.set(index, element);
                else items.current.delete(index);
              }}
            >
              <div className="prd-review__head">
                <RatingBar rating={review.rating} />
                <h4 id={headingId} className="prd-review__title">
                  {review.title || `${review.rating}-star review`}
                </h4>
              </div>
              <p className="prd-review__byline">
                {review.author_name}{' '}
                {review.verified_buyer && (
                  <>
                    <VerifiedBuyerBadge />{' '}
                  </>
                )}
                <span className="prd-review__date">
                  · <time dateTime={review.created_at}>{formatLongDate(new Date(review.created_at))}</time>
                </span>
              </p>
              <p className="prd-review__body">{review.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
