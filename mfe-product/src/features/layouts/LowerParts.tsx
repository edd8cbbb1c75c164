import { Skeleton, useSearchParams, type Product } from '@storefront/shared';
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { LoadError } from '../page/ProductStates';
import '../related/related.css';
import { PRODUCT_TABS_ID, TAB_PARAM } from '../tabs/productTabs';
import '../tabs/tabs.css';
import type { ProductLayout } from './productLayouts';
import { LOWER_PARTS_ATTRIBUTE, productLowerParts, serverCopyOfLowerParts } from './productLowerParts';
import { useLaterParts } from './useLaterParts';

const SERVER_COPY_ATTRIBUTE = 'data-server-copy';

/** The controls of the server's copy a tap may be held for. */
const COPY_CONTROLS = 'button, a[href], [role=tab], input, select, textarea, summary';

/** How far below the screen the region may start and still load without a scroll. */
const LOAD_AHEAD_PX = 40;

/**
 * The tabs and related products below the product, and the sticky Add to Cart bar. Their code
 * (productLowerParts.ts) comes once the page scrolls or a key is pressed, or at once when the
 * region starts on the first screen (a tall desktop shows its top) or the address names a tab.
 * Until then the server's copy of the region stays in view (a tap on one of its controls brings the
 * code and is made again on that control once it is drawn), or on a page the browser drew itself,
 * a skeleton.
 */
export function LowerParts({ product, layout }: { product: Product; layout: ProductLayout }) {
  const region = useRef<HTMLDivElement>(null);
  const [params] = useSearchParams();
  const [reached, setReached] = useState(false);
  const [serverCopy] = useState(() => serverCopyOfLowerParts(product.id));
  // A tap on the server's copy before the code came: the index of its control, clicked again once the parts are drawn.
  const heldTap = useRef<number | null>(null);
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

  useEffect(() => {
    const held = heldTap.current;
    if (!parts || held === null) return;
    heldTap.current = null;
    region.current?.querySelectorAll<HTMLElement>(COPY_CONTROLS)[held]?.click();
  }, [parts]);

  // Marks the server's copy, for people and tests reading the page: set here, because a hydration
  // does not add an attribute the server did not write.
  const showsCopy = !parts && !failed && serverCopy !== null;
  useLayoutEffect(() => {
    region.current?.toggleAttribute(SERVER_COPY_ATTRIBUTE, showsCopy);
  });

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
  if (serverCopy !== null) {
    // The server drew the same parts: a tap on one of the copy's controls brings the code, and is
    // made again on the same control once it has drawn them.
    const holdTap = (event: MouseEvent) => {
      const control = (event.target as Element).closest(COPY_CONTROLS);
      if (control && region.current) {
        heldTap.current = [...region.current.querySelectorAll(COPY_CONTROLS)].indexOf(control);
        event.preventDefault();
        event.stopPropagation();
      }
      setReached(true);
    };
    return <div {...attributes} onClickCapture={holdTap} dangerouslySetInnerHTML={{ __html: serverCopy }} />;
  }
  return (
    <div {...attributes}>
      <div id={PRODUCT_TABS_ID} className="prd-lower-loading" role="status" aria-busy="true" aria-label="Loading more about this product">
        <Skeleton height="44px" width="60%" />
        <Skeleton height="160px" />
      </div>
    </div>
  );
}
