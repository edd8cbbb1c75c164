/**
 * The quantity a shopper is about to put in the cart for one product, shared by every Add to
 * Cart control of that product on the page (the detail panel's and the sticky bar's): a number
 * chosen in one shows in the other. It lives here, in the cart's module, rather than in a slice of
 * the one store: on the server each remote's container keeps its own copy of the store's reducer,
 * so a slice the cart injected would be missing from a product page's server store.
 */
import { useSyncExternalStore } from 'react';

export interface ChosenQuantity {
  qty: number;
  /** The quantity shown is the cart's, not one the shopper chose. */
  qtyFromCart: boolean;
  /** The cart line (and its quantity) the quantity was last matched to: "id:qty". */
  shownLine: string | undefined;
  /** An add or an update is on its way (every control of the product says so). */
  busy: boolean;
}

export type QuantityAction =
  | { type: 'qtyChanged'; qty: number }
  /**
   * The choice now names another cart line, or its line changed in the cart (`sameLine`):
   * `cartQty` is what the cart holds of it, if any; `shown` is the new "id:qty".
   */
  | { type: 'lineChanged'; cartQty: number | undefined; sameLine: boolean; shown: string | undefined }
  | { type: 'busy'; busy: boolean };

export function quantityReducer(state: ChosenQuantity, action: QuantityAction): ChosenQuantity {
  switch (action.type) {
    case 'qtyChanged':
      return { ...state, qty: action.qty, qtyFromCart: false };
    case 'busy':
      return { ...state, busy: action.busy };
    case 'lineChanged': {
      const next = { ...state, shownLine: action.shown };
      // A line in the cart shows its quantity (Update cart sets it); leaving it for one that is
      // not drops the cart's number, but never a quantity the shopper chose.
      if (action.cartQty !== undefined) {
        return action.sameLine && !state.qtyFromCart ? next : { ...next, qty: action.cartQty, qtyFromCart: true };
      }
      return state.qtyFromCart ? { ...next, qty: 1, qtyFromCart: false } : next;
    }
  }
}

const chosen = new Map<string, ChosenQuantity>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The product's chosen quantity, or `initial` (what the cart holds) until the shopper or the cart
 * changes it, and the dispatch that changes it. `forget` drops it: the page that showed the
 * product has gone, and the next time it is shown it starts again.
 */
export function useChosenQuantity(productId: string, initial: ChosenQuantity) {
  const entry = useSyncExternalStore(
    subscribe,
    () => chosen.get(productId),
    () => undefined,
  );
  const state = entry ?? initial;
  const dispatch = (action: QuantityAction) => {
    chosen.set(productId, quantityReducer(chosen.get(productId) ?? initial, action));
    for (const listener of listeners) listener();
  };
  return [state, dispatch] as const;
}

export function forgetChosenQuantity(productId: string): void {
  if (!chosen.delete(productId)) return;
  for (const listener of listeners) listener();
}
