import { Skeleton } from '@storefront/shared';
import { LoadError } from '../page/ProductStates';

/** What the reviews tab shows while its code or its first page of reviews is on the way. */
export function ReviewsSkeleton() {
  return (
    <div className="prd-reviews" aria-busy="true" aria-label="Loading reviews" role="status">
      <Skeleton height="96px" />
      <Skeleton height="72px" />
      <Skeleton height="72px" />
    </div>
  );
}

/** What the reviews tab shows when its code or its first page of reviews could not be fetched. */
export function ReviewsLoadError({ onRetry }: { onRetry: () => void }) {
  return <LoadError what="the reviews" onRetry={onRetry} />;
}
