import { formatRand } from '../domain/money';
import { effectivePrice, isOnSale, type SalePricing } from '../domain/pricing';

/** The R price; on sale, the sale price first and the old price struck through. */
export function Price({ product, className = '' }: { product: SalePricing; className?: string }) {
  if (!isOnSale(product)) {
    return <span className={`sf-price ${className}`}>{formatRand(product.price)}</span>;
  }
  return (
    <span className={`sf-price sf-price--sale ${className}`}>
      <ins aria-label={`Sale price ${formatRand(effectivePrice(product))}`}>{formatRand(effectivePrice(product))}</ins>{' '}
      <del aria-label={`Was ${formatRand(product.price)}`}>{formatRand(product.price)}</del>
    </span>
  );
}
