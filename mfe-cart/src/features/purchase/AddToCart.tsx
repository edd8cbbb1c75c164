import { cartLineKey, clampQuantity, QuantityInput, useGetCartQuery, type Product } from '@storefront/shared';
import { useEffect, useId, useLayoutEffect } from 'react';
import { addToCartBlocker, buttonLabel } from './addToCartBlocker';
import { forgetChosenQuantity, useChosenQuantity, type ChosenQuantity } from './chosenQuantity';
import { useSetCartLineQuantity } from './useSetCartLineQuantity';
import './purchase.css';
import { useAddToCart } from '../cart/cartActions';

export interface AddToCartProps {
  product: Product;
  /** The colour and the size the shopper has chosen (their names), where the product has them. */
  colour: string | null;
  size: string | null;
  /**
   * 'panel': the product's own control, whose quantity the others share and which the page
   * forgets when it goes; 'bar': the sticky bar's copy of it; 'card': a product card's one tap,
   * which adds one of a product without variants (the card offers the others' page instead).
   */
  place: 'panel' | 'bar' | 'card';
  /**
   * Given, a control whose product still needs a colour or a size says "Choose options" and
   * calls it (the bar, which has no pickers of its own, takes the shopper to the page's).
   */
  onChooseOptions?: () => void;
}

/** Where a control is drawn decides which it is: a card's one tap, or the product's own control. */
export function AddToCart(props: AddToCartProps) {
  return props.place === 'card' ? <AddOne product={props.product} /> : <PurchaseControl {...props} place={props.place} />;
}

/**
 * A card's Add to Cart: one of the product, at once. It reads nothing of the shopper's, so the
 * page of cards stays the same for everyone.
 */
function AddOne({ product }: { product: Product }) {
  const [add, { isLoading }] = useAddToCart();
  return (
    <button
      type="button"
      className="sf-button cart-add__button cart-add__button--card"
      disabled={isLoading}
      // The visible words begin the name (WCAG 2.5.3), then which product.
      aria-label={`Add to Cart: ${product.name}`}
      aria-busy={isLoading || undefined}
      onClick={() => void add({ product, qty: 1 })}
    >
      {isLoading ? 'Adding…' : 'Add to Cart'}
    </button>
  );
}

/**
 * Quantity, Add to Cart (or Update cart, when the cart already holds the line chosen) and why it
 * is disabled when it is. The quantity starts at what the cart holds of the product, else 1;
 * "Update cart" sets the line to the quantity shown rather than adding it again.
 */
function PurchaseControl({ product, colour, size, place, onChooseOptions }: AddToCartProps & { place: 'panel' | 'bar' }) {
  const { data: cart } = useGetCartQuery();
  const [add] = useAddToCart();
  const [setLineQuantity] = useSetCartLineQuantity();
  const hintId = useId();

  const blocker = addToCartBlocker(product, colour, size);
  const lineKey = blocker ? null : cartLineKey(product, colour, size);
  const cartLine = lineKey === null ? undefined : cart?.find((line) => line.id === lineKey);
  const shown = cartLine ? `${cartLine.id}:${cartLine.qty}` : undefined;
  const inCart = cart?.find((line) => line.product_id === product.id.toLowerCase())?.qty;
  const initial: ChosenQuantity = {
    qty: inCart ? clampQuantity(inCart, product.available_stock) : 1,
    qtyFromCart: inCart !== undefined,
    shownLine: shown,
    busy: false,
  };
  const [chosen, dispatch] = useChosenQuantity(product.id, initial);

  // When the choice comes to name a line the cart holds (a variant picked, or the line just
  // added), or that line changes (another tab), the quantity shown becomes the cart's, unless the
  // shopper chose one for this line. Before the browser paints, so no frame shows the old number;
  // the panel's control does it for every control of the product.
  useLayoutEffect(() => {
    if (place !== 'panel' || chosen.shownLine === shown) return;
    const sameLine = cartLine !== undefined && chosen.shownLine?.startsWith(`${cartLine.id}:`) === true;
    dispatch({ type: 'lineChanged', cartQty: cartLine ? clampQuantity(cartLine.qty, product.available_stock) : undefined, sameLine, shown });
  });
  useEffect(() => (place === 'panel' ? () => forgetChosenQuantity(product.id) : undefined), [place, product.id]);

  const addToCart = async () => {
    if (blocker) return;
    dispatch({ type: 'busy', busy: true });
    try {
      if (cartLine) await setLineQuantity({ line: cartLine, qty: chosen.qty, stock: product.available_stock });
      else {
        const colourChosen = product.colours.find((item) => item.name === colour) ?? null;
        const sizeChosen = product.sizes.find((item) => item.name === size) ?? null;
        await add({ product, colour: colourChosen, size: sizeChosen, qty: chosen.qty });
      }
    } finally {
      dispatch({ type: 'busy', busy: false });
    }
  };

  const soldOut = product.out_of_stock || product.available_stock < 1;
  const needsChoice = blocker !== null && !soldOut && product.has_variants && onChooseOptions !== undefined;
  const quantity = (
    <QuantityInput value={chosen.qty} max={product.available_stock} disabled={soldOut} onChange={(qty) => dispatch({ type: 'qtyChanged', qty })} />
  );
  const button = (
    <button
      type="button"
      className={`sf-button cart-add__button cart-add__button--${place}`}
      disabled={(blocker !== null && !needsChoice) || chosen.busy}
      aria-describedby={blocker ? hintId : undefined}
      onClick={() => (needsChoice ? onChooseOptions?.() : void addToCart())}
    >
      {needsChoice ? 'Choose options' : buttonLabel(cartLine !== undefined, chosen.busy)}
    </button>
  );
  const hint = blocker && (
    <p id={hintId} className={`cart-add__hint cart-add__hint--${place}`}>
      {blocker}
    </p>
  );
  // The bar lays its parts out beside its picture and price; the panel keeps them in a row of their own.
  if (place === 'bar') {
    return (
      <>
        {quantity}
        {button}
        {hint}
      </>
    );
  }
  return (
    <>
      <div className="cart-add__row">
        {quantity}
        {button}
      </div>
      {hint}
    </>
  );
}
