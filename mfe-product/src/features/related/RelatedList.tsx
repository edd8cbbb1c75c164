import { Link, Price, type Product, ProductImage, Skeleton } from '@storefront/shared';
import { useId } from 'react';
import { productHref, type ProductLayoutName } from '../layouts/productLayouts';
import { useRelatedProducts } from './useRelatedProducts';
import './related.css';

const SIDEBAR_COUNT = 4;

/** The sidebar's short list of related products: thumbnail, name and price. */
export function RelatedList({ product, layout }: { product: Product; layout: ProductLayoutName }) {
  const { related, isLoading } = useRelatedProducts(product, SIDEBAR_COUNT);
  const headingId = useId();
  if (!isLoading && related.length === 0) return null;
  return (
    <section className="prd-related-list" aria-labelledby={headingId}>
      <h2 id={headingId}>Related products</h2>
      {isLoading ? (
        <Skeleton height="240px" />
      ) : (
        <ul>
          {related.map((item: Product) => (
            <li key={item.id} className="prd-related-list__item" data-testid="related-product">
              <ProductImage picture={item.small_pictures[0]} alt="" width={64} height={64} loading="lazy" />
              <div>
                <Link to={productHref(item.link, layout)}>{item.name}</Link>
                <Price product={item} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
