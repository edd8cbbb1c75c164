import { normaliseProduct, type Product } from '@storefront/shared';
import { addToCartBlocker, buttonLabel } from './addToCartBlocker';
import { quantityReducer, type ChosenQuantity } from './chosenQuantity';

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

const start: ChosenQuantity = { qty: 1, qtyFromCart: false, shownLine: undefined, busy: false };

describe('the quantity shown for a line the cart holds', () => {
  it("shows the cart's quantity when the choice names a carted line", () => {
    const chosen = { ...start, qty: 2 };
    expect(quantityReducer(chosen, { type: 'lineChanged', cartQty: 3, sameLine: false, shown: 'a:3' })).toEqual({ ...chosen, qty: 3, qtyFromCart: true, shownLine: 'a:3' });
  });

  it("follows the line's quantity when the cart changes it, unless the shopper chose one", () => {
    const fromCart = { ...start, qty: 3, qtyFromCart: true, shownLine: 'a:3' };
    expect(quantityReducer(fromCart, { type: 'lineChanged', cartQty: 4, sameLine: true, shown: 'a:4' }).qty).toBe(4);
    const chosen = quantityReducer(fromCart, { type: 'qtyChanged', qty: 6 });
    expect(quantityReducer(chosen, { type: 'lineChanged', cartQty: 4, sameLine: true, shown: 'a:4' })).toEqual({ ...chosen, shownLine: 'a:4' });
  });

  it("drops the cart's number for a line it does not hold, but keeps a quantity the shopper chose", () => {
    const fromCart = { ...start, qty: 3, qtyFromCart: true, shownLine: 'a:3' };
    expect(quantityReducer(fromCart, { type: 'lineChanged', cartQty: undefined, sameLine: false, shown: undefined })).toEqual({ ...fromCart, qty: 1, qtyFromCart: false, shownLine: undefined });
    const chosen = quantityReducer(fromCart, { type: 'qtyChanged', qty: 5 });
    expect(chosen.qtyFromCart).toBe(false);
    expect(quantityReducer(chosen, { type: 'lineChanged', cartQty: undefined, sameLine: false, shown: undefined }).qty).toBe(5);
  });
});

describe('addToCartBlocker', () => {
  it('blocks a variant product until colour and size are chosen', () => {
    expect(addToCartBlocker(variantProduct, null, null)).toBe('Choose a colour and a size.');
    expect(addToCartBlocker(variantProduct, 'red', null)).toBe('Choose a size.');
    expect(addToCartBlocker(variantProduct, null, 's')).toBe('Choose a colour.');
    expect(addToCartBlocker(variantProduct, 'red', 's')).toBeNull();
  });

  it('lets a simple product be added at once', () => {
    expect(addToCartBlocker(simpleProduct, null, null)).toBeNull();
  });

  it('blocks an out-of-stock product', () => {
    expect(addToCartBlocker({ ...simpleProduct, out_of_stock: true, available_stock: 0 }, null, null)).toBe('This product is out of stock.');
  });

  it('only asks for the options a variant product has', () => {
    expect(addToCartBlocker({ ...variantProduct, colours: [] }, null, null)).toBe('Choose a size.');
  });
});

describe('buttonLabel', () => {
  it('adds, or updates the line the cart holds', () => {
    expect(buttonLabel(false, false)).toBe('Add to Cart');
    expect(buttonLabel(false, true)).toBe('Adding…');
    expect(buttonLabel(true, false)).toBe('Update cart');
    expect(buttonLabel(true, true)).toBe('Updating…');
  });
});
