import { Skeleton } from '@storefront/shared';

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
