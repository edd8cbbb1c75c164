import { Price, ProductImage, QuantityInput } from '@storefront/shared';
import { useId } from 'react';
import { buttonLabel, usePurchase } from '../purchase/PurchaseContext';
import { useMediaQuery } from './useMediaQuery';
import { useScrolledPast } from './useScrolledPast';
import './sticky.css';

/** Below the 992 px breakpoint of §9 every layout has the sticky bar. */
export const NARROW_SCREEN_QUERY = '(max-width: 991px)';

/**
 * The bar that keeps Add to Cart at hand (§2): picture, name, price, quantity and the button,
 * sliding in once the main Add to Cart button has scrolled out of view. It shares the panel's
 * choices, so a variant chosen above is the one it adds.
 */
export function StickyAddToCart({ onWideScreens }: { onWideScreens: boolean }) {
  const { product, selection, dispatch, blocker, cartLine, addToCart, adding, mainButton } = usePurchase();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const enabled = onWideScreens || narrow;
  const shown = useScrolledPast(mainButton, enabled);
  const hintId = useId();
  if (!enabled) return null;

  return (
    <section
      className={`prd-sticky ${shown ? 'prd-sticky--shown' : ''}`}
      aria-label={`Buy ${product.name}`}
      aria-hidden={!shown}
      inert={!shown}
      data-testid="sticky-add-to-cart"
    >
      <div className="prd-sticky__inner">
        <ProductImage className="prd-sticky__image" picture={product.small_pictures[0]} alt="" width={56} height={56} />
        <div className="prd-sticky__text">
          <p className="prd-sticky__name">{product.name}</p>
          <Price product={product} />
        </div>
        <QuantityInput
          value={selection.qty}
          max={product.available_stock}
          disabled={product.out_of_stock || product.available_stock < 1}
          onChange={(qty) => dispatch({ type: 'qtyChanged', qty })}
        />
        <button
          type="button"
          className="sf-button prd-sticky__add"
          disabled={blocker !== null || adding}
          aria-describedby={blocker ? hintId : undefined}
          onClick={() => void addToCart()}
        >
          {buttonLabel(cartLine !== undefined, adding)}
        </button>
        {blocker && (
          <p id={hintId} className="prd-sticky__hint">
            {blocker}
          </p>
        )}
      </div>
    </section>
  );
}
