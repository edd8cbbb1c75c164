import { normaliseProduct, type Product } from '@storefront/shared';
import { initialSelection, needsChoice, selectionReducer } from './selection';

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

  it('resets colour and size on Clear, and counts the clear (the cart control starts over)', () => {
    const state = { colour: 'red', size: 's', clears: 2 };
    expect(selectionReducer(state, { type: 'cleared' })).toEqual({ colour: null, size: null, clears: 3 });
  });
});

describe('needsChoice', () => {
  it('asks for the colour and the size a variant product has', () => {
    expect(needsChoice(variantProduct, initialSelection)).toBe(true);
    expect(needsChoice(variantProduct, { ...initialSelection, colour: 'red' })).toBe(true);
    expect(needsChoice(variantProduct, { ...initialSelection, colour: 'red', size: 's' })).toBe(false);
    expect(needsChoice({ ...variantProduct, colours: [] }, { ...initialSelection, size: 's' })).toBe(false);
  });

  it('never for a simple product', () => {
    expect(needsChoice(simpleProduct, initialSelection)).toBe(false);
  });
});
