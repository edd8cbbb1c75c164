import { BuyBox } from './BuyBox';
import { VariantPickers } from './VariantPickers';
import './detail.css';

/** Everything the shopper chooses before buying: variant, quantity, cart and wishlist. */
export function PurchaseOptions() {
  return (
    <div className="prd-purchase">
      <VariantPickers />
      <BuyBox />
    </div>
  );
}
