import {
  clampQuantity,
  useAddToCart,
  useGetCartQuery,
  type Colour,
  type Product,
  type Size,
} from '@storefront/shared';
import { createContext, use, useCallback, useMemo, useReducer, useRef, type Dispatch, type ReactNode, type RefObject } from 'react';
import { addToCartBlocker, initialSelection, selectionReducer, type Selection, type SelectionAction } from './selection';

export interface Purchase {
  product: Product;
  selection: Selection;
  dispatch: Dispatch<SelectionAction>;
  colour: Colour | null;
  size: Size | null;
  /** Why Add to Cart is disabled, or null when it is enabled. */
  blocker: string | null;
  addToCart: () => Promise<void>;
  adding: boolean;
  /** The main Add to Cart button: the sticky bar shows once it has scrolled out of view. */
  mainButton: RefObject<HTMLButtonElement | null>;
}

const PurchaseContext = createContext<Purchase | null>(null);

/** §4: the quantity starts at what is already in the cart for this product, else 1. */
function startingQuantity(product: Product, cartQuantity: number | undefined): number {
  return cartQuantity ? clampQuantity(cartQuantity, product.available_stock) : 1;
}

/**
 * What the shopper is choosing for one product, shared by the detail panel and the sticky bar.
 * Mount it with `key={product.id}` once the cart has loaded: §4 resets colour, size and
 * quantity whenever the product changes.
 */
export function PurchaseProvider({ product, children }: { product: Product; children: ReactNode }) {
  const { data: cart } = useGetCartQuery();
  const [selection, dispatch] = useReducer(selectionReducer, undefined, () => ({
    ...initialSelection,
    qty: startingQuantity(product, cart?.find((line) => line.product_id === product.id.toLowerCase())?.qty),
  }));
  const [add, { isLoading: adding }] = useAddToCart();
  const mainButton = useRef<HTMLButtonElement>(null);

  const colour = product.colours.find((item) => item.name === selection.colour) ?? null;
  const size = product.sizes.find((item) => item.name === selection.size) ?? null;
  const blocker = addToCartBlocker(product, selection);
  const addToCart = useCallback(async () => {
    if (blocker) return;
    await add({ product, colour, size, qty: selection.qty });
  }, [add, blocker, product, colour, size, selection.qty]);

  const purchase = useMemo<Purchase>(
    () => ({ product, selection, dispatch, colour, size, blocker, addToCart, adding, mainButton }),
    [product, selection, colour, size, blocker, addToCart, adding],
  );
  return <PurchaseContext value={purchase}>{children}</PurchaseContext>;
}

export function usePurchase(): Purchase {
  const purchase = use(PurchaseContext);
  if (!purchase) throw new Error('usePurchase needs a PurchaseProvider around it');
  return purchase;
}
