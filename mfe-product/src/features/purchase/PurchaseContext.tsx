import {
  cartLineKey,
  clampQuantity,
  useAddToCart,
  useGetCartQuery,
  type CartItem,
  type Colour,
  type Product,
  type Size,
} from '@storefront/shared';
import { createContext, use, useCallback, useMemo, useReducer, useRef, useState, type Dispatch, type ReactNode, type RefObject } from 'react';
import { useSetCartLineQuantity } from './useSetCartLineQuantity';
import { addToCartBlocker, initialSelection, selectionReducer, type Selection, type SelectionAction } from './selection';

export interface Purchase {
  product: Product;
  selection: Selection;
  dispatch: Dispatch<SelectionAction>;
  colour: Colour | null;
  size: Size | null;
  /** Why Add to Cart is disabled, or null when it is enabled. */
  blocker: string | null;
  /**
   * The cart's line for what is chosen, if the cart holds it: the page then shows its quantity,
   * and the button says "Update cart" and sets the line to the quantity shown rather than adding.
   */
  cartLine: CartItem | undefined;
  /** Adds the choice to the cart, or sets its line to the quantity shown (cartLine). */
  addToCart: () => Promise<void>;
  adding: boolean;
  /** The main Add to Cart button: the sticky bar shows once it has scrolled out of view. */
  mainButton: RefObject<HTMLButtonElement | null>;
}

/** Null outside a PurchaseProvider; read it with usePurchase() where one is required. */
export const PurchaseContext = createContext<Purchase | null>(null);

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
  const [selection, dispatch] = useReducer(selectionReducer, undefined, () => {
    const inCart = cart?.find((line) => line.product_id === product.id.toLowerCase())?.qty;
    return { ...initialSelection, qty: startingQuantity(product, inCart), qtyFromCart: inCart !== undefined };
  });
  const [add, { isLoading: adding }] = useAddToCart();
  const [setLineQuantity, { isLoading: updating }] = useSetCartLineQuantity();
  const mainButton = useRef<HTMLButtonElement>(null);

  const colour = product.colours.find((item) => item.name === selection.colour) ?? null;
  const size = product.sizes.find((item) => item.name === selection.size) ?? null;
  const blocker = addToCartBlocker(product, selection);
  const lineKey = blocker ? null : cartLineKey(product, selection.colour, selection.size);
  const cartLine = lineKey === null ? undefined : cart?.find((line) => line.id === lineKey);
  // When the choice comes to name a line the cart holds (a variant picked, or the line just
  // added), or that line changes (another tab), the quantity shown becomes the cart's, unless the
  // shopper chose one for this line. Set during render, so no frame shows the old number.
  const shown = cartLine ? `${cartLine.id}:${cartLine.qty}` : undefined;
  const [shownLine, setShownLine] = useState(shown);
  if (shownLine !== shown) {
    const sameLine = cartLine !== undefined && shownLine?.startsWith(`${cartLine.id}:`) === true;
    setShownLine(shown);
    dispatch({ type: 'lineChanged', cartQty: cartLine ? clampQuantity(cartLine.qty, product.available_stock) : undefined, sameLine });
  }
  const addToCart = useCallback(async () => {
    if (blocker) return;
    if (cartLine) await setLineQuantity({ line: cartLine, qty: selection.qty, stock: product.available_stock });
    else await add({ product, colour, size, qty: selection.qty });
  }, [add, setLineQuantity, blocker, cartLine, product, colour, size, selection.qty]);

  const busy = adding || updating;
  const purchase = useMemo<Purchase>(
    () => ({ product, selection, dispatch, colour, size, blocker, cartLine, addToCart, adding: busy, mainButton }),
    [product, selection, colour, size, blocker, cartLine, addToCart, busy],
  );
  return <PurchaseContext value={purchase}>{children}</PurchaseContext>;
}

/** The main button's words: adding, or setting the line the cart already holds. */
export function buttonLabel(inCart: boolean, busy: boolean): string {
  if (inCart) return busy ? 'Updating…' : 'Update cart';
  return busy ? 'Adding…' : 'Add to Cart';
}

export function usePurchase(): Purchase {
  const purchase = use(PurchaseContext);
  if (!purchase) throw new Error('usePurchase needs a PurchaseProvider around it');
  return purchase;
}
