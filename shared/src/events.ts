import type { CartItem, Product } from './types';

/**
 * Typed, namespaced DOM events: how remotes tell each other what happened without importing
 * each other (ARCHITECTURE §2). The cart remote, for instance, opens its mini popup on
 * `cart:item-added`, whoever added the item.
 */
export interface StorefrontEvents {
  'cart:item-added': { line: CartItem };
  'cart:item-removed': { line: CartItem };
  'wishlist:item-added': { product: Product };
  'wishlist:item-removed': { productId: string };
  'account:login-requested': Record<string, never>;
  'product:quick-view-requested': { productId: string };
}

export type StorefrontEventName = keyof StorefrontEvents;

export function emitStorefrontEvent<Name extends StorefrontEventName>(
  name: Name,
  detail: StorefrontEvents[Name],
): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Subscribes to a storefront event; returns the unsubscribe function (handy in useEffect). */
export function onStorefrontEvent<Name extends StorefrontEventName>(
  name: Name,
  listener: (detail: StorefrontEvents[Name]) => void,
): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<StorefrontEvents[Name]>).detail);
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}
