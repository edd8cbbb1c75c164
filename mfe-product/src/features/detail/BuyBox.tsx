import { QuantityInput, cartLineKey } from '@storefront/shared';
import { useId } from 'react';
import { buttonLabel, usePurchase } from '../purchase/PurchaseContext';
import { WishlistButton } from './WishlistButton';

/** Quantity, Add to Cart and the wishlist button, with why Add to Cart is disabled when it is. */
export function BuyBox() {
  const { product, selection, dispatch, blocker, cartLine, addToCart, adding, mainButton } = usePurchase();
  const hintId = useId();
  return (
    <div className="prd-buy">
      <div className="prd-buy__row">
        <QuantityInput
          value={selection.qty}
          max={product.available_stock}
          disabled={product.out_of_stock || product.available_stock < 1}
          onChange={(qty) => dispatch({ type: 'qtyChanged', qty })}
        />
        <button
          ref={mainButton}
          type="button"
          className="sf-button prd-buy__add"
          disabled={blocker !== null || adding}
          aria-describedby={blocker ? hintId : undefined}
          data-cart-key={cartLineKey(product, selection.colour, selection.size)}
          onClick={() => void addToCart()}
        >
          {buttonLabel(cartLine !== undefined, adding)}
        </button>
      </div>
      {blocker && (
        <p id={hintId} className="prd-buy__hint">
          {blocker}
        </p>
      )}
      <WishlistButton product={product} />
    </div>
  );
}
