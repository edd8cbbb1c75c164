import type { Product } from '@storefront/shared';

/** What the shopper has picked on the product page (§4). */
export interface Selection {
  colour: string | null;
  size: string | null;
  qty: number;
}

export type SelectionAction =
  | { type: 'colourClicked'; colour: string }
  | { type: 'sizeClicked'; size: string }
  | { type: 'qtyChanged'; qty: number }
  | { type: 'cleared' };

export const initialSelection: Selection = { colour: null, size: null, qty: 1 };

/** Clicking a colour or size picks it, clicking it again clears it; Clear resets everything. */
export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'colourClicked':
      return { ...state, colour: state.colour === action.colour ? null : action.colour };
    case 'sizeClicked':
      return { ...state, size: state.size === action.size ? null : action.size };
    case 'qtyChanged':
      return { ...state, qty: action.qty };
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
