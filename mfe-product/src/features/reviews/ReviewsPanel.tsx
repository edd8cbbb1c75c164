import { MESSAGES, type Product } from '@storefront/shared';
import { useState } from 'react';
import { RatingBreakdown } from './RatingBreakdown';
import { ReviewsLoadError, ReviewsSkeleton } from './ReviewsStates';
import { ReviewList } from './ReviewList';
import { useGetProductReviewsInfiniteQuery } from './reviewsApi';
import { WriteReviewPrompt } from './WriteReviewPrompt';
import './reviews.css';

/** The reviews tab: what they add up to, the newest first, more on request, and how to write one. */
export function ReviewsPanel({ product }: { product: Product }) {
  const { data, isLoading, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } =
    useGetProductReviewsInfiniteQuery(product.id);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  if (isLoading) {
    return <ReviewsSkeleton />;
  }
  const firstPage = data?.pages[0];
  if (isError && !firstPage) {
    return <ReviewsLoadError onRetry={() => void refetch()} />;
  }

  const reviews = data?.pages.flatMap((page) => page.reviews) ?? [];
  const total = firstPage?.total ?? 0;
  const showMore = async () => {
    const shown = reviews.length;
    const result = await fetchNextPage();
    if (!result.isError) setFocusIndex(shown);
  };

  return (
    <div className="prd-reviews">
      {total === 0 ? (
        <p className="prd-reviews__empty">{MESSAGES.noReviews}</p>
      ) : (
        <>
          <RatingBreakdown
            average={firstPage?.average ?? 0}
            total={total}
            ratingCounts={firstPage?.rating_counts ?? []}
            verifiedCount={firstPage?.verified_count ?? 0}
          />
          <h3 className="prd-reviews__heading">
            Newest reviews of {product.name}
          </h3>
          <ReviewList reviews={reviews} focusIndex={focusIndex} />
          <div className="prd-reviews__more">
            <p className="prd-reviews__count" aria-live="polite">
              Showing {reviews.length} of {total} {total === 1 ? 'review' : 'reviews'}
            </p>
            {isFetchNextPageError && <p role="alert">More reviews couldn’t be loaded. Please try again.</p>}
            {hasNextPage && (
              <button type="button" className="sf-button sf-button--ghost" disabled={isFetchingNextPage} onClick={() => void showMore()}>
                {isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
              </button>
            )}
          </div>
        </>
      )}
      <WriteReviewPrompt product={product} />
    </div>
  );
}
