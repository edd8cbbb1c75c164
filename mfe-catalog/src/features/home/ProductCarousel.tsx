import { Link, type ProductQuery, useGetProductsQuery } from '@storefront/shared';
import { useCallback, useDeferredValue, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ProductCard } from '../products/ProductCard';
import { CardPlaceholder } from '../products/ProductGrid';
import { carouselQuery } from './homeQueries';

interface ProductCarouselProps {
  title: string;
  query: ProductQuery;
  /** Where "View all" goes: the shop with the same filter. */
  viewAll: string;
  empty: ReactNode;
}

/**
 * A row of products the shopper moves through with the arrows (or by scrolling): 2 at a time,
 * 3 from 576 px, 4 from 992 px, 20 px apart, never moving by itself.
 */
export function ProductCarousel({ title, query, viewAll, empty }: ProductCarouselProps) {
  const headingId = useId();
  const track = useRef<HTMLUListElement>(null);
  const { data, isLoading, isError, refetch } = useGetProductsQuery(carouselQuery(query));
  // The cards are drawn in a transition: React yields to the browser between them instead of
  // drawing every carousel's cards in one long task as their answers arrive.
  const shown = useDeferredValue(data);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const node = track.current;
    if (!node) return;
    const atStart = node.scrollLeft <= 1;
    const atEnd = node.scrollLeft + node.clientWidth >= node.scrollWidth - 1;
    // The same edges keep the same state: the carousel and its cards are not drawn again for nothing
    // (as the page hydrates, every carousel measures once).
    setEdges((edges) => (edges.atStart === atStart && edges.atEnd === atEnd ? edges : { atStart, atEnd }));
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, shown]);

  const move = (direction: 1 | -1) => {
    const node = track.current;
    if (!node) return;
    node.scrollBy({ left: direction * node.clientWidth, behavior: 'smooth' });
  };

  let body: ReactNode;
  if (isLoading || (data && !shown)) {
    body = (
      <div className="cat-carousel__track" aria-busy="true" aria-label={`${title}: loading`}>
        {Array.from({ length: 4 }, (_, index) => (
          <div className="cat-carousel__item" key={index}>
            <CardPlaceholder />
          </div>
        ))}
      </div>
    );
  } else if (isError || !shown) {
    body = (
      <div className="sf-notice" role="alert">
        <p>
          We couldn’t load these products just now. <Link to={viewAll}>Browse the shop</Link> instead, or
        </p>
        <button type="button" className="sf-button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (shown.products.length === 0) {
    body = <div className="sf-notice">{empty}</div>;
  } else {
    body = (
      <ul ref={track} className="cat-carousel__track" aria-label={title} onScroll={measure}>
        {shown.products.map((product) => (
          <li key={product.id} className="cat-carousel__item">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="cat-section cat-carousel" aria-labelledby={headingId} aria-roledescription="carousel">
      <div className="cat-section__head">
        <h2 id={headingId}>{title}</h2>
        <div className="cat-carousel__nav">
          <Link to={viewAll}>View all</Link>
          <button type="button" className="cat-carousel__arrow" aria-label={`Previous ${title.toLowerCase()}`} disabled={edges.atStart || !data?.products.length} onClick={() => move(-1)}>
            ‹
          </button>
          <button type="button" className="cat-carousel__arrow" aria-label={`Next ${title.toLowerCase()}`} disabled={edges.atEnd || !data?.products.length} onClick={() => move(1)}>
            ›
          </button>
        </div>
      </div>
      {body}
    </section>
  );
}
