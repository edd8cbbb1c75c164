import type { Colour, Product, Size } from '@storefront/shared';
import { createContext, use, useMemo, useReducer, useRef, type Dispatch, type ReactNode, type RefObject } from 'react';
import { initialSelection, selectionReducer, type Selection, type SelectionAction } from './selection';

export interface Purchase {
  product: Product;
  selection: Selection;
  dispatch: Dispatch<SelectionAction>;
  colour: Colour | null;
  size: Size | null;
  /** The panel's Add to Cart control: the sticky bar shows once it has scrolled out of view. */
  buyControl: RefObject<HTMLDivElement | null>;
}

/** Null outside a PurchaseProvider; read it with usePurchase() where one is required. */
export const PurchaseContext = createContext<Purchase | null>(null);

/**
 * What the shopper is choosing for one product (colour and size), shared by the pickers, the
 * gallery, the detail panel and the sticky bar. Mount it with `key={product.id}`: colour, size
 * and quantity start over whenever the product changes. The quantity and adding to the cart are
 * the cart's (its AddToCart module, embedded here).
 */
export function PurchaseProvider({ product, children }: { product: Product; children: ReactNode }) {
  const [selection, dispatch] = useReducer(selectionReducer, initialSelection);
  const buyControl = useRef<HTMLDivElement>(null);
  const colour = product.colours.find((item) => item.name === selection.colour) ?? null;
  const size = product.sizes.find((item) => item.name === selection.size) ?? null;
  const purchase = useMemo<Purchase>(() => ({ product, selection, dispatch, colour, size, buyControl }), [product, selection, colour, size]);
  return <PurchaseContext value={purchase}>{children}</PurchaseContext>;
}

export function usePurchase(): Purchase {
  const purchase = use(PurchaseContext);
  if (!purchase) throw new Error('usePurchase needs a PurchaseProvider around it');
  return purchase;
}
