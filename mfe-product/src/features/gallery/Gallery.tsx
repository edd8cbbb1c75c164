import { ProductImage, type Product } from '@storefront/shared';
import { use, useState, type MouseEvent } from 'react';
import type { GalleryStyle } from '../layouts/productLayouts';
import { useLightbox } from '../lightbox/useLightbox';
import { PurchaseContext } from '../purchase/PurchaseContext';
import { ProductLabels } from './ProductLabels';
import { picturesOfColour } from './picturesOfColour';
import { ThumbnailCarousel } from './ThumbnailCarousel';
import './gallery.css';

interface GalleryProps {
  product: Product;
  style: GalleryStyle;
}

/**
 * The product's pictures: one large picture with thumbnails, or all of them large (grid,
 * stacked, strip). A click on a large picture opens it full screen in the lightbox.
 */
export function Gallery({ product, style }: GalleryProps) {
  // The colour the shopper picked (PurchaseProvider): the gallery shows its pictures.
  const colour = use(PurchaseContext)?.selection.colour ?? null;
  const pictures = picturesOfColour(product.large_pictures.length > 0 ? product.large_pictures : product.small_pictures, colour);
  const thumbnails = picturesOfColour(product.small_pictures, colour);
  const [active, setActive] = useState(0);
  // Another colour starts at its first picture.
  const [shownColour, setShownColour] = useState(colour);
  if (shownColour !== colour) {
    setShownColour(colour);
    setActive(0);
  }
  // The thumbnails of the same colour's pictures, in the same order, for the lightbox's strip.
  const { anchor, open, opening } = useLightbox(product, pictures, thumbnails.length === pictures.length ? thumbnails : pictures);
  const count = pictures.length;
  const openAt = (index: number) => (event: MouseEvent<HTMLButtonElement>) => void open(index, event.currentTarget);

  const picture = (index: number, priority: boolean) => (
    <button
      type="button"
      className="prd-gallery__picture"
      aria-label={`Open picture ${index + 1} of ${count} full screen`}
      aria-busy={opening}
      onClick={openAt(index)}
    >
      <ProductImage
        picture={pictures[index]}
        alt={`${product.name}, picture ${index + 1} of ${count}`}
        {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      />
    </button>
  );

  if (count === 0) {
    return (
      <div className={`prd-gallery prd-gallery--${style}`}>
        <div className="prd-gallery__main">
          <ProductImage picture={undefined} alt={`${product.name}: no picture yet`} />
          <ProductLabels product={product} />
        </div>
      </div>
    );
  }

  if (style === 'grid' || style === 'stacked' || style === 'strip') {
    return (
      <div className={`prd-gallery prd-gallery--${style}`}>
        <ul className="prd-gallery__all" aria-label={`Pictures of ${product.name}`}>
          {pictures.map((item, index) => (
            <li key={item.url} className="prd-gallery__cell">
              {picture(index, index === 0)}
              {index === 0 && <ProductLabels product={product} />}
            </li>
          ))}
        </ul>
        <div ref={anchor} hidden />
      </div>
    );
  }

  const shown = Math.min(active, count - 1);
  return (
    <div className={`prd-gallery prd-gallery--${style}`}>
      <div className="prd-gallery__main">
        {picture(shown, true)}
        <ProductLabels product={product} />
      </div>
      {count > 1 && (
        <ThumbnailCarousel
          pictures={thumbnails.length === count ? thumbnails : pictures}
          active={shown}
          onSelect={setActive}
          orientation={style === 'thumbs-beside' ? 'vertical' : 'horizontal'}
        />
      )}
      <div ref={anchor} hidden />
    </div>
  );
}
