import { MESSAGES, Price, RatingBar, isOnSale, type Product } from '@storefront/shared';
import { formatLongDate } from './longDate';
import { ProductMeta } from './ProductMeta';
import './detail.css';

function ReviewCount({ count, onShowReviews }: { count: number; onShowReviews?: () => void }) {
  if (count === 0) return <span>{MESSAGES.noReviews}</span>;
  const text = `${count} ${count === 1 ? 'review' : 'reviews'}`;
  if (!onShowReviews) return <span>{text}</span>;
  return (
    <button type="button" className="prd-link-button" onClick={onShowReviews}>
      {text}
    </button>
  );
}

interface ProductSummaryProps {
  product: Product;
  /** 1 on the product page, 2 inside the quick view's dialog. */
  headingLevel?: 1 | 2;
  /** Opens the reviews tab; without it the review count is plain text. */
  onShowReviews?: () => void;
}

/** Name, rating, R price, short description, stock, SKU and categories. */
export function ProductSummary({ product, headingLevel = 1, onShowReviews }: ProductSummaryProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const outOfStock = product.out_of_stock || product.available_stock < 1;
  return (
    <div className="prd-summary">
      <Heading className="prd-summary__name">{product.name}</Heading>
      <div className="prd-summary__rating">
        <RatingBar rating={product.rating} />
        <ReviewCount count={product.reviews_count} onShowReviews={onShowReviews} />
      </div>
      <p className="prd-summary__price" data-testid="product-price">
        <Price product={product} />
      </p>
      {isOnSale(product) && product.on_sale_until && (
        <p className="prd-summary__sale-end">Sale ends {formatLongDate(new Date(product.on_sale_until))}</p>
      )}
      {product.short_description && <p className="prd-summary__short">{product.short_description}</p>}
      <p className={`prd-summary__stock ${outOfStock ? 'prd-summary__stock--out' : ''}`}>
        {outOfStock ? 'Out of stock' : `${product.available_stock} in stock`}
      </p>
      <ProductMeta product={product} />
    </div>
  );
}
