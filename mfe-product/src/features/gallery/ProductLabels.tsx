import { salePercentLabel, type Product } from '@storefront/shared';

/** HOT, the sale percent and NEW, over the first picture. */
export function ProductLabels({ product }: { product: Product }) {
  const sale = salePercentLabel(product);
  if (!product.is_popular && !sale && !product.is_new) return null;
  return (
    <span className="prd-labels">
      {product.is_popular && <span className="sf-label sf-label--hot">HOT</span>}
      {sale && <span className="sf-label sf-label--sale">{sale}</span>}
      {product.is_new && <span className="sf-label sf-label--new">NEW</span>}
    </span>
  );
}
