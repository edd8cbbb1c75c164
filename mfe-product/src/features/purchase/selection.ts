/** What the shopper has picked on the product page: a colour and a size, where the product has them. */
export interface Selection {
  colour: string | null;
  size: string | null;
  /** How many times Clear was pressed: the cart's control starts over (its quantity too) each time. */
  clears: number;
}

export type SelectionAction = { type: 'colourClicked'; colour: string } | { type: 'sizeClicked'; size: string } | { type: 'cleared' };

export const initialSelection: Selection = { colour: null, size: null, clears: 0 };

/** Clicking a colour or size picks it, clicking it again clears it; Clear resets everything. */
export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'colourClicked':
      return { ...state, colour: state.colour === action.colour ? null : action.colour };
    case 'sizeClicked':
      return { ...state, size: state.size === action.size ? null : action.size };
    case 'cleared':
      return { ...initialSelection, clears: state.clears + 1 };
  }
}

/** Whether the product still needs a colour or a size before it can be added (the sticky bar then offers the page's pickers). */
export function needsChoice(product: { has_variants: boolean; colours: readonly unknown[]; sizes: readonly unknown[] }, selection: Selection): boolean {
  return product.has_variants && ((product.colours.length > 0 && !selection.colour) || (product.sizes.length > 0 && !selection.size));
}
