import { Skeleton, type Product } from '@storefront/shared';
import type { ReactNode } from 'react';
import { ProductCard } from './ProductCard';

interface ProductGridProps {
  products: Product[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  placeholders?: number;
  empty: ReactNode;
  label: string;
}

/** A grid of product cards with its loading, error and empty states. */
export function ProductGrid({ products, isLoading, isError, onRetry, placeholders = 8, empty, label }: ProductGridProps) {
  if (isLoading) {
    return (
      <div className="cat-grid" aria-busy="true" aria-label={`${label}: loading`}>
        {Array.from({ length: placeholders }, (_, index) => (
          <div className="cat-card cat-card--placeholder" key={index}>
            <Skeleton height="0" className="cat-card__skeleton-image" />
            <Skeleton width="80%" />
            <Skeleton width="40%" />
          </div>
        ))}
      </div>
    );
  }
  if (isError || !products) {
    return (
      <div className="sf-notice" role="alert">
        <p>We couldn’t load these products just now.</p>
        <button type="button" className="sf-button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (products.length === 0) return <div className="sf-notice">{empty}</div>;
  return (
    <ul className="cat-grid" aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
