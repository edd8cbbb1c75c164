import type { Product } from '@storefront/shared/types';
import { CartLineError, resolveCartLine } from './cartLine';

const base: Product = {
  id: '11',
  link: 'tee',
  name: 'Tee',
  sku: 'TEE-0011',
  description: '',
  short_description: '',
  price: 199.99,
  on_sale_price: null,
  on_sale_until: null,
  categories: [],
  has_variants: true,
  colours: [
    { name: 'black', code: '#1f2937' },
    { name: 'red', code: '#dc2626' },
  ],
  sizes: [
    { name: 's', label: 'small' },
    { name: 'm', label: 'medium' },
  ],
  small_pictures: [],
  large_pictures: [],
  rating: 0,
  ratings_count: 0,
  reviews_count: 0,
  is_popular: false,
  is_new: false,
  out_of_stock: false,
  stock: 5,
  available_stock: 5,
};

function errorCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof CartLineError ? error.code : 'other';
  }
  return undefined;
}

describe('resolveCartLine', () => {
  test('a variant line is keyed by product, colour and size, in any letter case', () => {
    expect(resolveCartLine(base, { id: '11-Red-M', colour: 'RED', size: 'm' })).toEqual({ key: '11-red-m', colour: 'red', size: 'm' });
  });

  test('a product with sizes only uses the default colour part', () => {
    const sizesOnly = { ...base, colours: [] };
    expect(resolveCartLine(sizesOnly, { id: '11-default-s', size: 's' })).toEqual({ key: '11-default-s', colour: null, size: 's' });
    expect(errorCode(() => resolveCartLine(sizesOnly, { id: '11-red-s', colour: 'red', size: 's' }))).toBe('invalid_variant');
  });

  test('a simple product ignores colour and size and is keyed by its id', () => {
    const simple = { ...base, has_variants: false, colours: [], sizes: [] };
    expect(resolveCartLine(simple, { id: '11', colour: 'red' })).toEqual({ key: '11', colour: null, size: null });
    expect(errorCode(() => resolveCartLine(simple, { id: '11-red-m' }))).toBe('key_mismatch');
  });

  test.each([
    ['a missing colour', { id: '11-default-s', size: 's' }, 'invalid_variant'],
    ['a missing size', { id: '11-red-default', colour: 'red' }, 'invalid_variant'],
    ['an empty colour', { id: '11-default-s', colour: ' ', size: 's' }, 'invalid_variant'],
    ['a colour not on offer', { id: '11-blue-s', colour: 'blue', size: 's' }, 'invalid_variant'],
    ['a size not on offer', { id: '11-red-xl', colour: 'red', size: 'xl' }, 'invalid_variant'],
    ['a key for other options', { id: '11-black-s', colour: 'red', size: 's' }, 'key_mismatch'],
    ['the bare product id', { id: '11', colour: 'red', size: 's' }, 'key_mismatch'],
  ])('%s is refused', (_, payload, code) => {
    expect(errorCode(() => resolveCartLine(base, payload))).toBe(code);
  });
});
