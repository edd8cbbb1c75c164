import {
  Price,
  ProductImage,
  RatingBar,
  salePercentLabel,
  useAddToCart,
  type Product,
} from '@storefront/shared';
import { Link } from 'react-router-dom';

export function productPath(product: Product): string {
  return `/product?id=${encodeURIComponent(product.link)}`;
}

/** A product in a list: picture, labels, name, R price, rating and the way to buy it. */
export function ProductCard({ product }: { product: Product }) {
  const [addToCart, { isLoading }] = useAddToCart();
  const saleLabel = salePercentLabel(product);
  const headingId = `product-card-${product.id}`;
  return (
    <article className="cat-card" aria-labelledby={headingId} data-testid="product-card">
      <Link to={productPath(product)} className="cat-card__media" tabIndex={-1} aria-hidden="true">
        <ProductImage picture={product.small_pictures[0]} alt="" width={400} height={400} loading="lazy" />
        <span className="cat-card__labels">
          {product.is_popular && <span className="sf-label sf-label--hot">HOT</span>}
          {saleLabel && <span className="sf-label sf-label--sale">{saleLabel}</span>}
          {product.is_new && <span className="sf-label sf-label--new">NEW</span>}
        </span>
      </Link>
      <div className="cat-card__body">
        <h3 id={headingId} className="cat-card__name">
          <Link to={productPath(product)}>{product.name}</Link>
        </h3>
        <RatingBar rating={product.rating} />
        <Price product={product} />
        {product.out_of_stock ? (
          <p className="cat-card__stock">Out of stock</p>
        ) : product.has_variants ? (
          <Link className="sf-button sf-button--ghost cat-card__action" to={productPath(product)}>
            Select options
          </Link>
        ) : (
          <button
            type="button"
            className="sf-button cat-card__action"
            disabled={isLoading}
            aria-label={`Add ${product.name} to cart`}
            onClick={() => void addToCart({ product, qty: 1 })}
          >
            {isLoading ? 'Adding…' : 'Add to Cart'}
          </button>
        )}
      </div>
    </article>
  );
}
