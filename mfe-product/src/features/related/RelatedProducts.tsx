import { Link, Price, type Product, ProductImage, RatingBar, Skeleton } from '@storefront/shared';
import { useId, useRef } from 'react';
import { productHref, type ProductLayoutName } from '../layouts/productLayouts';
import { useRelatedProducts } from './useRelatedProducts';
import './related.css';

const RELATED_COUNT = 8;
/** The related products' carousel: 2 cards, 3 from 576 px, 4 from 992 px, 20 px apart (see related.css). */
const CAROUSEL_GAP_PX = 20;

function RelatedCard({ product, layout }: { product: Product; layout: ProductLayoutName }) {
  const nameId = useId();
  return (
    <article className="prd-related-card" aria-labelledby={nameId} data-testid="related-product">
      <Link to={productHref(product.link, layout)} className="prd-related-card__media" tabIndex={-1} aria-hidden="true">
        <ProductImage picture={product.small_pictures[0]} alt="" width={400} height={400} loading="lazy" />
      </Link>
      <h3 id={nameId} className="prd-related-card__name">
        <Link to={productHref(product.link, layout)}>{product.name}</Link>
      </h3>
      <RatingBar rating={product.rating} />
      <Price product={product} />
    </article>
  );
}

/** "Related products" under the product: a carousel of others from its category. */
export function RelatedProducts({ product, layout }: { product: Product; layout: ProductLayoutName }) {
  const { related, isLoading } = useRelatedProducts(product, RELATED_COUNT);
  const track = useRef<HTMLUListElement>(null);
  const headingId = useId();
  if (!isLoading && related.length === 0) return null;

  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    if (element) element.scrollBy({ left: direction * (element.clientWidth + CAROUSEL_GAP_PX), behavior: 'smooth' });
  };
  return (
    <section className="prd-related" aria-labelledby={headingId}>
      <div className="prd-related__head">
        <h2 id={headingId}>Related products</h2>
        <div className="prd-related__arrows">
          <button type="button" className="prd-related__arrow" aria-label="Previous related products" onClick={() => scroll(-1)}>
            ‹
          </button>
          <button type="button" className="prd-related__arrow" aria-label="Next related products" onClick={() => scroll(1)}>
            ›
          </button>
        </div>
      </div>
      {isLoading ? (
        <div className="prd-related__track" aria-busy="true" aria-label="Loading related products" role="status">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height="260px" />
          ))}
        </div>
      ) : (
        <ul ref={track} className="prd-related__track">
          {related.map((item) => (
            <li key={item.id}>
              <RelatedCard product={item} layout={layout} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
