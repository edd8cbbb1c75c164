import { useFirstInteraction } from '../behaviour/useFirstInteraction';
import { RemoteRegion } from './RemoteRegion';

/**
 * The cart remote's added-to-cart popup shows nothing until something is added, and adding takes
 * an interaction: its code loads with the shopper's first one instead of with the page. An item
 * added before it arrives still shows (the popup catches up on the `cart:item-added` and
 * `wishlist:item-added` events nobody heard yet).
 */
export function MiniPopupHost() {
  const interacted = useFirstInteraction();
  if (!interacted) return null;
  return <RemoteRegion remote="mfe-cart" module="MiniPopup" label="the added-to-cart popup" quiet />;
}
