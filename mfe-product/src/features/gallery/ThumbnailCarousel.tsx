import { ProductImage, type Picture } from '@storefront/shared';
import { useRef } from 'react';

/** The gallery's thumbnails show four at a time, 8 px apart. */
export const THUMBS_VISIBLE = 4;
export const THUMB_GAP_PX = 8;

interface ThumbnailCarouselProps {
  pictures: readonly Picture[];
  active: number;
  onSelect: (index: number) => void;
  orientation: 'horizontal' | 'vertical';
}

/** The row (or column) of thumbnails under (or beside) the main picture; arrows once there are more than four. */
export function ThumbnailCarousel({ pictures, active, onSelect, orientation }: ThumbnailCarouselProps) {
  const track = useRef<HTMLUListElement>(null);
  const scrollable = pictures.length > THUMBS_VISIBLE;
  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    const horizontal = orientation === 'horizontal';
    const length = horizontal ? element.clientWidth : element.clientHeight;
    const step = (length + THUMB_GAP_PX) / THUMBS_VISIBLE;
    element.scrollBy(horizontal ? { left: direction * step, behavior: 'smooth' } : { top: direction * step, behavior: 'smooth' });
  };
  return (
    <div className={`prd-thumbs prd-thumbs--${orientation}${scrollable ? ' prd-thumbs--scrollable' : ''}`}>
      {scrollable && (
        <button type="button" className="prd-thumbs__arrow prd-thumbs__arrow--back" aria-label="Earlier pictures" onClick={() => scroll(-1)}>
          ‹
        </button>
      )}
      <ul ref={track} className="prd-thumbs__track" aria-label="Pictures">
        {pictures.map((picture, index) => (
          <li key={picture.url} className="prd-thumbs__item">
            <button
              type="button"
              className="prd-thumbs__button"
              aria-label={`Show picture ${index + 1} of ${pictures.length}`}
              aria-pressed={index === active}
              onClick={() => onSelect(index)}
            >
              <ProductImage picture={picture} alt="" width={120} height={120} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      {scrollable && (
        <button type="button" className="prd-thumbs__arrow prd-thumbs__arrow--forward" aria-label="Later pictures" onClick={() => scroll(1)}>
          ›
        </button>
      )}
    </div>
  );
}
