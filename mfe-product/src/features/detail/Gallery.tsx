import { ProductImage, salePercentLabel, type Product } from '@storefront/shared';
import { useState } from 'react';

/** The main picture with its thumbnails, and the HOT and sale labels. */
export function Gallery({ product }: { product: Product }) {
  const [active, setActive] = useState(0);
  const pictures = product.large_pictures.length > 0 ? product.large_pictures : product.small_pictures;
  const saleLabel = salePercentLabel(product);
  const current = pictures[Math.min(active, pictures.length - 1)];
  return (
    <div className="prd-gallery">
      <div className="prd-gallery__main">
        <ProductImage picture={current} alt={`${product.name}, picture ${active + 1} of ${pictures.length}`} fetchPriority="high" />
        <span className="prd-gallery__labels">
          {product.is_popular && <span className="sf-label sf-label--hot">HOT</span>}
          {saleLabel && <span className="sf-label sf-label--sale">{saleLabel}</span>}
        </span>
      </div>
      {pictures.length > 1 && (
        <ul className="prd-gallery__thumbs" aria-label="More pictures">
          {pictures.map((picture, index) => (
            <li key={picture.url}>
              <button
                type="button"
                className="prd-gallery__thumb"
                aria-label={`Show picture ${index + 1}`}
                aria-pressed={index === active}
                onClick={() => setActive(index)}
              >
                <ProductImage picture={product.small_pictures[index] ?? picture} alt="" width={120} height={120} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
