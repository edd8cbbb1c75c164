import { Skeleton, useSearchParams, type Product } from '@storefront/shared';
import { useEffect, useRef, useState } from 'react';
import { LoadError } from '../page/ProductStates';
import '../related/related.css';
import { PRODUCT_TABS_ID, TAB_PARAM } from '../tabs/productTabs';
import '../tabs/tabs.css';
import type { ProductLayout } from './productLayouts';
import { LOWER_PARTS_ATTRIBUTE, productLowerParts, serverCopyOfLowerParts } from './productLowerParts';
import { useLaterParts } from './useLaterParts';

/** How far below the screen the region may start and still load without a scroll. */
const LOAD_AHEAD_PX = 40;

/**
 * The tabs and related products below the product, and the sticky Add to Cart bar. Their code
 * (productLowerParts.ts) comes once the page scrolls or a key is pressed, or at once when the
 * region starts on the first screen (a tall desktop shows its top) or the address names a tab.
 * Until then the server's copy of the region stays in view (inert: its buttons do nothing yet),
 * or on a page the browser drew itself, a skeleton.
 */
export function LowerParts({ product, layout }: { product: Product; layout: ProductLayout }) {
  const region = useRef<HTMLDivElement>(null);
  const [params] = useSearchParams();
  const [reached, setReached] = useState(false);
  const [serverCopy] = useState(() => serverCopyOfLowerParts(product.id));
  const wanted = reached || params.has(TAB_PARAM) || productLowerParts.loaded() !== undefined;
  const { module: parts, failed, retry } = useLaterParts(productLowerParts, wanted);

  useEffect(() => {
    if (reached) return;
    const check = () => {
      const top = region.current?.getBoundingClientRect().top ?? Infinity;
      if (window.scrollY > 0 || top < window.innerHeight + LOAD_AHEAD_PX) setReached(true);
    };
    // A key too: a keyboard shopper tabbing down the page would otherwise pass the inert copy by.
    const onKey = () => setReached(true);
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      window.removeEventListener('keydown', onKey);
    };
  }, [reached]);

  const attributes = { ref: region, className: 'prd-container', [LOWER_PARTS_ATTRIBUTE]: product.id };
  if (parts) {
    return (
      <>
        <div {...attributes}>
          <parts.ProductTabs product={product} customTab={layout.customTab} vertical={layout.customTab} />
          {!layout.sidebar && <parts.RelatedProducts product={product} layout={layout.name} />}
        </div>
        <parts.StickyAddToCart onWideScreens={layout.stickyCartOnWideScreens} />
      </>
    );
  }
  if (failed) {
    return (
      <div {...attributes}>
        <LoadError what="this product’s details and related products" onRetry={retry} className="prd-lower-error" />
      </div>
    );
  }
  if (serverCopy !== null) return <div {...attributes} inert dangerouslySetInnerHTML={{ __html: serverCopy }} />;
  return (
    <div {...attributes}>
      <div id={PRODUCT_TABS_ID} className="prd-lower-loading" role="status" aria-busy="true" aria-label="Loading more about this product">
        <Skeleton height="44px" width="60%" />
        <Skeleton height="160px" />
      </div>
    </div>
  );
}
