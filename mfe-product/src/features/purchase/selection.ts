import type { Product } from '@storefront/shared';

/** What the shopper has picked on the product page (§4). */
export interface Selection {
  colour: string | null;
  size: string | null;
  qty: number;
  /** The quantity shown is the cart's (§4), not one the shopper chose. */
  qtyFromCart: boolean;
}

export type SelectionAction =
  | { type: 'colourClicked'; colour: string }
  | { type: 'sizeClicked'; size: string }
  | { type: 'qtyChanged'; qty: number }
  /**
   * The choice now names another cart line, or its line changed in the cart (`sameLine`):
   * `cartQty` is what the cart holds of it, if any.
   */
  | { type: 'lineChanged'; cartQty: number | undefined; sameLine?: boolean }
  | { type: 'cleared' };

export const initialSelection: Selection = { colour: null, size: null, qty: 1, qtyFromCart: false };

/** Clicking a colour or size picks it, clicking it again clears it; Clear resets everything. */
export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'colourClicked':
      return { ...state, colour: state.colour === action.colour ? null : action.colour };
    case 'sizeClicked':
      return { ...state, size: state.size === action.size ? null : action.size };
    case 'qtyChanged':
      return { ...state, qty: action.qty, qtyFromCart: false };
    case 'lineChanged':
      // A line in the cart shows its quantity (Update cart sets it); leaving it for one that is
      // not drops the cart's number, but never a quantity the shopper chose.
      if (action.cartQty !== undefined) {
        return action.sameLine && !state.qtyFromCart ? state : { ...state, qty: action.cartQty, qtyFromCart: true };
      }
      return state.qtyFromCart ? { ...state, qty: 1, qtyFromCart: false } : state;
    case 'cleared':
      return initialSelection;
  }
}

/** Why Add to Cart is disabled, or null when it is enabled (§4). */
export function addToCartBlocker(product: Product, selection: Selection): string | null {
  if (product.out_of_stock || product.available_stock < 1) return 'This product is out of stock.';
  if (product.has_variants) {
    const needsColour = product.colours.length > 0 && !selection.colour;
    const needsSize = product.sizes.length > 0 && !selection.size;
    if (needsColour && needsSize) return 'Choose a colour and a size.';
    if (needsColour) return 'Choose a colour.';
    if (needsSize) return 'Choose a size.';
  }
  return null;
}
