import { usePurchase } from '../purchase/PurchaseContext';
import { CartControl } from '../purchase/CartControl';
import { WishlistControl } from './WishlistControl';

/** The cart's Add to Cart control for the colour and size chosen, and its wishlist button. */
export function BuyBox() {
  const { product, selection, buyControl } = usePurchase();
  return (
    <div className="prd-buy">
      <div ref={buyControl} className="prd-buy__control">
        {/* Clear starts the control over, its quantity too. */}
        <CartControl key={selection.clears} product={product} colour={selection.colour} size={selection.size} place="panel" />
      </div>
      <WishlistControl product={product} />
    </div>
  );
}
