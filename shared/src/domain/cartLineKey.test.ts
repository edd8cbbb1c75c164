import { cartLineKey, productIdFromKey } from './cartLineKey';

describe('cartLineKey', () => {
  it('is the product id for a product without variants, whatever was picked', () => {
    expect(cartLineKey({ id: '42', has_variants: false }, 'red', 'm')).toBe('42');
  });

  it('joins id, colour and size in lowercase for a product with variants', () => {
    expect(cartLineKey({ id: 'AB7', has_variants: true }, 'Red', 'XL')).toBe('ab7-red-xl');
  });

  it('fills a missing colour or size with "default"', () => {
    expect(cartLineKey({ id: '11', has_variants: true }, null, null)).toBe('11-default-default');
    expect(cartLineKey({ id: '11', has_variants: true }, 'blue')).toBe('11-blue-default');
  });

  it('lowercases a simple product id', () => {
    expect(cartLineKey({ id: 'Sku9', has_variants: false })).toBe('sku9');
  });
});

describe('productIdFromKey', () => {
  it('takes the part before the first dash, lowercased', () => {
    expect(productIdFromKey('AB7-red-xl')).toBe('ab7');
  });

  it('returns the whole key when there is no dash', () => {
    expect(productIdFromKey('42')).toBe('42');
  });

  it('round-trips with cartLineKey', () => {
    const key = cartLineKey({ id: '17', has_variants: true }, 'indigo', 's');
    expect(productIdFromKey(key)).toBe('17');
  });
});
