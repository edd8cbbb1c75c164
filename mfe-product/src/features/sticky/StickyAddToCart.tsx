import { Price, ProductImage, useBottomBarHeight } from '@storefront/shared';
import { useRef, useSyncExternalStore } from 'react';
import { picturesOfColour } from '../gallery/picturesOfColour';
import { CartControl } from '../purchase/CartControl';
import { usePurchase } from '../purchase/PurchaseContext';
import { needsChoice } from '../purchase/selection';
import { useMediaQuery } from './useMediaQuery';
import { useScrolledPast } from './useScrolledPast';
import './sticky.css';

/** Below the 992 px breakpoint every layout has the sticky bar. */
export const NARROW_SCREEN_QUERY = '(max-width: 991px)';

/**
 * The bar that keeps Add to Cart at hand: picture, name, price, quantity and the button,
 * sliding in once the main Add to Cart button has scrolled out of view. It shares the panel's
 * choices, so a variant chosen above is the one it adds.
 */
const subscribeToNothing = () => () => undefined;
const drawnInBrowser = () => true;
const drawnOnServer = () => false;

/**
 * Drawn in the browser only, after its first render: it is out of view until the page scrolls, and
 * a server's page (and the browser's hydration of it) leaves it out, so the two agree whether or
 * not the lower parts' code has arrived (LowerParts.tsx).
 */
export function StickyAddToCart({ onWideScreens }: { onWideScreens: boolean }) {
  const inBrowser = useSyncExternalStore(subscribeToNothing, drawnInBrowser, drawnOnServer);
  return inBrowser ? <StickyBar onWideScreens={onWideScreens} /> : null;
}

function StickyBar({ onWideScreens }: { onWideScreens: boolean }) {
  const { product, selection, buyControl } = usePurchase();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const enabled = onWideScreens || narrow;
  const shown = useScrolledPast(buyControl, enabled);
  const bar = useRef<HTMLElement>(null);
  // Back to top and the footer make room for it (shared/src/ui/bottomBars.ts).
  useBottomBarHeight('--sf-bottom-bar-height', bar, enabled && shown);
  if (!enabled) return null;
  // A colour or size still to choose: the bar has no pickers, so its button takes the shopper to
  // the page's, and says why (its hint).
  const showPickers = () => {
    const pickers = document.querySelector<HTMLElement>('[data-variant-pickers]');
    if (!pickers) return;
    pickers.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'center' });
    pickers.querySelector<HTMLElement>('button:not([disabled])')?.focus({ preventScroll: true });
  };

  return (
    <section
      ref={bar}
      className={`prd-sticky ${shown ? 'prd-sticky--shown' : ''}`}
      aria-label={`Buy ${product.name}`}
      aria-hidden={!shown}
      inert={!shown}
      data-testid="sticky-add-to-cart"
    >
      <div className="prd-sticky__inner">
        <ProductImage className="prd-sticky__image" picture={picturesOfColour(product.small_pictures, selection.colour)[0]} alt="" width={56} height={56} />
        <div className="prd-sticky__text">
          <p className="prd-sticky__name">{product.name}</p>
          <Price product={product} />
        </div>
        <CartControl product={product} colour={selection.colour} size={selection.size} place="bar" {...(needsChoice(product, selection) ? { onChooseOptions: showPickers } : {})} />
      </div>
    </section>
  );
}
