import { ErrorBoundary, type Product } from '@storefront/shared';
import { lazy, Suspense, useState } from 'react';
import { ReviewsLoadError, ReviewsSkeleton } from './ReviewsStates';

/**
 * The reviews tab's code (its list, breakdown and the review form with react-final-form) is not
 * part of the product page's first load: it comes when the tab opens, or sooner when the shopper
 * points at or focuses the tab (`preloadReviewsPanel`).
 */
const loadReviewsPanel = () => import(/* webpackChunkName: "later-reviews" */ './ReviewsPanel');

export function preloadReviewsPanel(): void {
  void loadReviewsPanel().catch(() => undefined);
}

const lazyReviewsPanel = () => lazy(async () => ({ default: (await loadReviewsPanel()).ReviewsPanel }));
/** Replaced on Try again: React keeps a failed lazy load for good, webpack fetches a failed chunk again. */
let ReviewsPanel = lazyReviewsPanel();

/** The reviews tab; if its code cannot be fetched, says so in the tab with a way to try again. */
export function LazyReviewsPanel({ product }: { product: Product }) {
  const [attempt, setAttempt] = useState(0);
  const tryAgain = () => {
    ReviewsPanel = lazyReviewsPanel();
    setAttempt((current) => current + 1);
  };
  return (
    <ErrorBoundary
      name="mfe-product/reviews"
      resetKey={attempt}
      fallback={() => <ReviewsLoadError onRetry={tryAgain} />}
    >
      <Suspense fallback={<ReviewsSkeleton />}>
        <ReviewsPanel product={product} />
      </Suspense>
    </ErrorBoundary>
  );
}
