import { Link, Skeleton, useNotFoundStatus } from '@storefront/shared';
import './productStates.css';

/** Shaped like the product while it loads; screen readers hear one busy region. */
export function ProductSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <div className={`prd-skeleton ${compact ? 'prd-skeleton--compact' : ''}`} aria-busy="true" aria-label="Loading product" role="status">
      <Skeleton height="0" className="prd-skeleton__image" />
      <div className="prd-skeleton__info">
        <Skeleton height="36px" width="70%" />
        <Skeleton height="20px" width="30%" />
        <Skeleton height="28px" width="40%" />
        <Skeleton height="80px" />
        <Skeleton height="44px" width="60%" />
      </div>
    </div>
  );
}

export function ProductNotFound({ productId, headingLevel = 1 }: { productId: string; headingLevel?: 1 | 2 }) {
  // The server answers 404 for the page (search engines, monitors); the shopper sees this.
  useNotFoundStatus();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="sf-notice prd-not-found">
      <Heading>Product not found</Heading>
      <p>
        {productId
          ? `We couldn’t find “${productId}”. It may have sold out for good, or the link may be wrong.`
          : 'This address names no product.'}
      </p>
      <Link className="sf-button" to="/shop">
        Back to the shop
      </Link>
    </div>
  );
}

/** "We couldn't load {what} just now", with Try again: the product page's failed fetches. */
export function LoadError({ what, onRetry, className = '' }: { what: string; onRetry: () => void; className?: string }) {
  return (
    <div className={`sf-notice ${className}`.trim()} role="alert">
      <p>We couldn’t load {what} just now.</p>
      <button type="button" className="sf-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function ProductLoadError({ retry }: { retry: () => void }) {
  return <LoadError what="this product" onRetry={retry} className="prd-load-error" />;
}
