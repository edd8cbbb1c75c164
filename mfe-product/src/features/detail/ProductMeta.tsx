import { Link, type Product } from '@storefront/shared';

/** SKU and the categories, each a link to its shelf in the shop. */
export function ProductMeta({ product }: { product: Product }) {
  return (
    <dl className="prd-meta">
      <dt>SKU</dt>
      <dd>{product.sku}</dd>
      {product.categories.length > 0 && (
        <>
          <dt>{product.categories.length === 1 ? 'Category' : 'Categories'}</dt>
          <dd>
            {product.categories.map((category, index) => (
              <span key={category.id}>
                {index > 0 && ', '}
                <Link to={`/shop?category=${encodeURIComponent(category.id)}`}>{category.name}</Link>
              </span>
            ))}
          </dd>
        </>
      )}
    </dl>
  );
}
