import type { ProductReadingA, ProductReadingB } from '../types';
import { normaliseProduct, slugify } from './normaliseProduct';

const readingA: ProductReadingA = {
  id: 7,
  name: 'Denim Jacket',
  price: 899,
  on_sale_price: 699,
  short_description: 'A jacket.',
  sku: 'DJ-007',
  categories: [{ name: 'T-shirts' }],
  has_variants: true,
  sizes: [{ name: 'M' }],
  colours: [{ name: 'blue', code: '#1e40af' }],
  small_pictures: [{ url: 'a.svg' }],
  large_pictures: [{ url: 'a-large.svg' }],
  total_ratings: 4,
  total_reviews: 12,
  is_popular: true,
  out_of_stock: false,
  available_stock: 5,
  stock: 6,
  link: 'denim-jacket',
};

const readingB: ProductReadingB = {
  id: '11',
  name: 'Ear Pods',
  description: 'Wireless.',
  price: 499,
  on_sale_price: null,
  on_sale_until: 1767225600000,
  is_popular: false,
  is_new: true,
  out_of_stock: false,
  has_variants: false,
  available_stock: 9,
  ratings: 30,
  rating: 3.5,
  reviews: 0,
  categories: ['Headphone'],
  colours: [],
  sizes: [],
  small_pictures: [{ url: 'b.svg', width: 400, height: 400 }],
  large_pictures: [{ url: 'b-large.svg', width: 800, height: 800 }],
};

describe('normaliseProduct', () => {
  it('reads reading A: total_ratings is the score, total_reviews the review count', () => {
    const product = normaliseProduct(readingA);
    expect(product).toMatchObject({
      id: '7',
      link: 'denim-jacket',
      rating: 4,
      reviews_count: 12,
      categories: [{ id: 't-shirts', name: 'T-shirts' }],
      sizes: [{ name: 'm', label: 'medium' }],
      small_pictures: [{ url: 'a.svg', width: 800, height: 800 }],
      available_stock: 5,
      stock: 6,
      is_new: false,
    });
  });

  it('reads reading B: rating is the score, ratings and reviews are counts', () => {
    const product = normaliseProduct(readingB);
    expect(product).toMatchObject({
      id: '11',
      link: '11',
      rating: 3.5,
      ratings_count: 30,
      reviews_count: 0,
      categories: [{ id: 'headphone', name: 'Headphone' }],
      short_description: 'Wireless.',
      on_sale_until: '2026-01-01T00:00:00.000Z',
      is_new: true,
    });
  });

  it('leaves a product already in the storefront shape as it is', () => {
    const once = normaliseProduct(readingA);
    expect(normaliseProduct(once)).toEqual(once);
  });

  it('keeps the colour a picture shows', () => {
    const product = normaliseProduct({ ...readingB, large_pictures: [{ url: 'b-large.svg', width: 800, height: 800, colour: 'teal' }] } as never);
    expect(product.large_pictures).toEqual([{ url: 'b-large.svg', width: 800, height: 800, colour: 'teal' }]);
    expect(product.small_pictures[0]).not.toHaveProperty('colour');
  });

  it('treats an out-of-stock product as having nothing available', () => {
    expect(normaliseProduct({ ...readingB, out_of_stock: true }).available_stock).toBe(0);
    expect(normaliseProduct({ id: 1, name: 'x', price: 1 }).out_of_stock).toBe(true);
  });
});

describe('slugify', () => {
  it('makes lowercase dashed words', () => {
    expect(slugify('Kids Fashion & Toys!')).toBe('kids-fashion-toys');
    expect(slugify('Café Crème')).toBe('cafe-creme');
  });
});
