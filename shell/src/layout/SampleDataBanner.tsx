import { selectIsServingSampleData, useAppSelector } from '@storefront/shared';

/** When reads fall back to sample data (the api could not answer), say so quietly rather than pass samples off as the shop. */
export function SampleDataBanner() {
  const servingSamples = useAppSelector(selectIsServingSampleData);
  if (!servingSamples) return null;
  return (
    <p className="shell-sample-banner" role="status">
      We’re having trouble reaching the shop, so some of what you see is sample data. Please try again shortly.
    </p>
  );
}
