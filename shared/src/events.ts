import type { CartItem, Product } from './types';

/**
 * Typed, namespaced DOM events: how remotes tell each other what happened without importing
 * each other (docs/architecture.md#federation). The cart remote, for instance, opens its mini popup on
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

interface Unheard {
  detail: unknown;
  at: number;
}

/** How many subscribers each event has on this page (this module is the page's one copy of shared). */
const listening = new Map<StorefrontEventName, number>();
/** Events emitted while nobody listened to them, newest last, for a listener that arrives late. */
const unheard = new Map<StorefrontEventName, Unheard[]>();
/** Longer than any `catchUpWithinMs` needs; keeps the memory of unheard events small. */
const UNHEARD_KEPT_MS = 30_000;

export function emitStorefrontEvent<Name extends StorefrontEventName>(
  name: Name,
  detail: StorefrontEvents[Name],
): void {
  if (!listening.get(name)) {
    const now = performance.now();
    const kept = (unheard.get(name) ?? []).filter((event) => now - event.at < UNHEARD_KEPT_MS);
    unheard.set(name, [...kept, { detail, at: now }]);
  }
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

export interface StorefrontEventOptions {
  /**
   * Also hear, at once, the events of this name that were emitted in the last this many
   * milliseconds while nobody listened. For a part that loads after the page, such as the
   * added-to-cart popup, which loads with the shopper's first interaction: the item it shows may
   * be added before its code has arrived. Each unheard event is delivered once.
   */
  catchUpWithinMs?: number;
}

/** Subscribes to a storefront event; returns the unsubscribe function (handy in useEffect). */
export function onStorefrontEvent<Name extends StorefrontEventName>(
  name: Name,
  listener: (detail: StorefrontEvents[Name]) => void,
  options: StorefrontEventOptions = {},
): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<StorefrontEvents[Name]>).detail);
  window.addEventListener(name, handler);
  listening.set(name, (listening.get(name) ?? 0) + 1);
  const missed = unheard.get(name) ?? [];
  unheard.delete(name);
  const { catchUpWithinMs } = options;
  if (catchUpWithinMs !== undefined) {
    const now = performance.now();
    for (const event of missed) {
      if (now - event.at <= catchUpWithinMs) listener(event.detail as StorefrontEvents[Name]);
    }
  }
  return () => {
    window.removeEventListener(name, handler);
    listening.set(name, (listening.get(name) ?? 1) - 1);
  };
}
