import { onStorefrontEvent, useLocation } from '@storefront/shared';
import { useEffect, useRef, useState } from 'react';
import { MiniPopupCard, type PopupContent } from '../features/popup/MiniPopupCard';
import '../features/cart.css';

/** Long enough to read and reach for a button; held open while the pointer or focus is on it. */
export const MINI_POPUP_MS = 6000;

/**
 * The mini popup after a cart or wishlist action, whichever remote made it: it listens for
 * `cart:item-added` and `wishlist:item-added`. The shell renders it once; it shows nothing until
 * something is added, and goes away on route change, on Esc, on Close, or after a while.
 */
export default function MiniPopup() {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);

  const [popup, setPopup] = useState<(PopupContent & { at: string }) | null>(null);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    const show = (content: PopupContent) => {
      setHeld(false);
      setPopup({ ...content, at: hereRef.current });
    };
    // The shell loads this popup with the shopper's first interaction, not with the page: an item
    // added before its code arrived is still shown, if it was added moments ago.
    const catchUp = { catchUpWithinMs: MINI_POPUP_MS };
    const offCart = onStorefrontEvent('cart:item-added', ({ line }) => show({ kind: 'cart', name: line.name, picture: line.small_pictures[0] }), catchUp);
    const offWishlist = onStorefrontEvent(
      'wishlist:item-added',
      ({ product }) => show({ kind: 'wishlist', name: product.name, picture: product.small_pictures[0] }),
      catchUp,
    );
    return () => {
      offCart();
      offWishlist();
    };
  }, []);

  // Shown only on the page where it opened: any navigation closes it.
  const visible = popup && popup.at === here ? popup : null;

  useEffect(() => {
    if (!visible || held) return undefined;
    const timer = setTimeout(() => setPopup(null), MINI_POPUP_MS);
    return () => clearTimeout(timer);
  }, [visible, held]);

  useEffect(() => {
    if (!visible) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPopup(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [visible]);

  if (!visible) return null;
  return <MiniPopupCard content={visible} onClose={() => setPopup(null)} onHold={setHeld} />;
}
