import { productIdFromAddress } from './pageAddress';

describe('productIdFromAddress', () => {
  it('reads the product from each form of product address', () => {
    expect(productIdFromAddress('/product', '?id=floral-wrap-midi-dress')).toBe('floral-wrap-midi-dress');
    expect(productIdFromAddress('/product/floral-wrap-midi-dress', '')).toBe('floral-wrap-midi-dress');
    expect(productIdFromAddress('/product/sticky-cart/floral-wrap-midi-dress', '')).toBe('floral-wrap-midi-dress');
    expect(productIdFromAddress('/product/sticky-cart', '?id=a-tee')).toBe('a-tee');
  });

  it('names none elsewhere or when the address names none', () => {
    expect(productIdFromAddress('/shop', '?id=a-tee')).toBe('');
    expect(productIdFromAddress('/product', '')).toBe('');
    expect(productIdFromAddress('/product/a/b/c', '')).toBe('');
  });
});
