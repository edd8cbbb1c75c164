import type { Product } from '@storefront/shared';
import { lazy, Suspense } from 'react';
import { ReviewsSkeleton } from './ReviewsSkeleton';

/**
 * The reviews tab's code (its list, breakdown and the review form with react-final-form) is not
 * part of the product page's first load: it comes when the tab opens, or sooner when the shopper
 * points at or focuses the tab (`preloadReviewsPanel`).
 */
const loadReviewsPanel = () => import(/* webpackChunkName: "later-reviews" */ './ReviewsPanel');
const ReviewsPanel = lazy(async () => ({ default: (await loadReviewsPanel()).ReviewsPanel }));

export function preloadReviewsPanel(): void {
  void loadReviewsPanel().catch(() => undefined);
}

export function LazyReviewsPanel({ product }: { product: Product }) {
  return (
    <Suspense fallback={<ReviewsSkeleton />}>
      <ReviewsPanel product={product} />
    </Suspense>
  );
}
