import { normaliseProduct, type Product } from '@storefront/shared';
import { addToCartBlocker, initialSelection, selectionReducer } from './selection';

const variantProduct: Product = normaliseProduct({
  id: '5',
  name: 'Tee',
  price: 200,
  has_variants: true,
  colours: [{ name: 'red', code: '#f00' }],
  sizes: [{ name: 's', label: 'small' }],
  available_stock: 4,
});
const simpleProduct: Product = normaliseProduct({ id: '6', name: 'Mug', price: 90, available_stock: 2 });

describe('selectionReducer', () => {
  it('picks a colour, and clears it on a second click', () => {
    const picked = selectionReducer(initialSelection, { type: 'colourClicked', colour: 'red' });
    expect(picked.colour).toBe('red');
    expect(selectionReducer(picked, { type: 'colourClicked', colour: 'red' }).colour).toBeNull();
  });

  it('switches to another size', () => {
    const small = selectionReducer(initialSelection, { type: 'sizeClicked', size: 's' });
    expect(selectionReducer(small, { type: 'sizeClicked', size: 'm' }).size).toBe('m');
  });

  it('resets colour, size and quantity on Clear', () => {
    const state = { colour: 'red', size: 's', qty: 3, qtyFromCart: true };
    expect(selectionReducer(state, { type: 'cleared' })).toEqual(initialSelection);
  });
});

describe('the quantity shown for a line the cart holds', () => {
  it("shows the cart's quantity when the choice names a carted line", () => {
    const chosen = { ...initialSelection, colour: 'red', size: 's', qty: 2 };
    expect(selectionReducer(chosen, { type: 'lineChanged', cartQty: 3 })).toEqual({ ...chosen, qty: 3, qtyFromCart: true });
  });

  it("follows the line's quantity when the cart changes it, unless the shopper chose one", () => {
    const fromCart = { ...initialSelection, qty: 3, qtyFromCart: true };
    expect(selectionReducer(fromCart, { type: 'lineChanged', cartQty: 4, sameLine: true }).qty).toBe(4);
    const chosen = selectionReducer(fromCart, { type: 'qtyChanged', qty: 6 });
    expect(selectionReducer(chosen, { type: 'lineChanged', cartQty: 4, sameLine: true })).toBe(chosen);
  });

  it("drops the cart's number for a line it does not hold, but keeps a quantity the shopper chose", () => {
    const fromCart = { ...initialSelection, qty: 3, qtyFromCart: true };
    expect(selectionReducer(fromCart, { type: 'lineChanged', cartQty: undefined })).toEqual({ ...fromCart, qty: 1, qtyFromCart: false });
    const chosen = selectionReducer(fromCart, { type: 'qtyChanged', qty: 5 });
    expect(chosen.qtyFromCart).toBe(false);
    expect(selectionReducer(chosen, { type: 'lineChanged', cartQty: undefined })).toBe(chosen);
  });
});

describe('addToCartBlocker', () => {
  it('blocks a variant product until colour and size are chosen', () => {
    expect(addToCartBlocker(variantProduct, initialSelection)).toBe('Choose a colour and a size.');
    expect(addToCartBlocker(variantProduct, { ...initialSelection, colour: 'red' })).toBe('Choose a size.');
    expect(addToCartBlocker(variantProduct, { ...initialSelection, size: 's' })).toBe('Choose a colour.');
    expect(addToCartBlocker(variantProduct, { colour: 'red', size: 's', qty: 1, qtyFromCart: false })).toBeNull();
  });

  it('lets a simple product be added at once', () => {
    expect(addToCartBlocker(simpleProduct, initialSelection)).toBeNull();
  });

  it('blocks an out-of-stock product', () => {
    expect(addToCartBlocker({ ...simpleProduct, out_of_stock: true, available_stock: 0 }, initialSelection)).toBe(
      'This product is out of stock.',
    );
  });

  it('only asks for the options a variant product has', () => {
    const sizesOnly = { ...variantProduct, colours: [] };
    expect(addToCartBlocker(sizesOnly, initialSelection)).toBe('Choose a size.');
  });
});
