import { Skeleton, type Product } from '@storefront/shared';
import type { CSSProperties, ReactNode } from 'react';
import type { ShopView } from '../shop/shopFilters';
import { ProductCard } from './ProductCard';
import './productCards.css';

interface ProductGridProps {
  products: Product[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  placeholders?: number;
  empty: ReactNode;
  label: string;
  view?: ShopView;
  /** Columns on wide screens; narrower screens get fewer (see productCards.css). */
  columns?: number;
  /** The page's main content: the first row's pictures load first, not lazily (the largest paint). */
  priority?: boolean;
}

/** A first row on the widest layout; on a phone, the first two rows. */
export const PRIORITY_CARDS = 4;

/** The grid's columns per breakpoint (productCards.css): `columns` from 1200 px, at most 4, 3 and 2 below. */
export function gridStyle(columns: number): CSSProperties {
  return {
    '--cat-columns-xl': columns,
    '--cat-columns-lg': Math.min(columns, 4),
    '--cat-columns-md': Math.min(columns, 3),
    '--cat-columns-sm': Math.min(columns, 2),
  } as CSSProperties;
}

export function CardPlaceholder() {
  return (
    <div className="cat-card cat-card--placeholder">
      <Skeleton height="0" className="cat-card__skeleton-image" />
      <Skeleton width="80%" />
      <Skeleton width="40%" />
    </div>
  );
}

/** A grid (or list) of product cards with its loading, error and empty states. */
export function ProductGrid({ products, isLoading, isError, onRetry, placeholders = 8, empty, label, view = 'grid', columns = 4, priority = false }: ProductGridProps) {
  const className = view === 'list' ? 'cat-rows' : 'cat-grid';
  if (isLoading) {
    return (
      <div className={className} style={gridStyle(columns)} aria-busy="true" aria-label={`${label}: loading`}>
        {Array.from({ length: placeholders }, (_, index) => (
          <CardPlaceholder key={index} />
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
    <ul className={className} style={gridStyle(columns)} aria-label={label} data-view={view} data-columns={view === 'list' ? 1 : columns}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} view={view} priority={priority && index < PRIORITY_CARDS} />
        </li>
      ))}
    </ul>
  );
}
