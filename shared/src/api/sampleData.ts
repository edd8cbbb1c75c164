import { cartLineKey } from '../domain/cartLineKey';
import { CATEGORIES, COLOURS, SIZES } from '../domain/catalogue';
import { normaliseProduct } from '../domain/normaliseProduct';
import { effectivePrice } from '../domain/pricing';
import type { CartItem, Category, Colour, Picture, Product, Size } from '../types';

/**
 * Built-in sample data that reads fall back to when the api cannot be reached
 * (docs/behaviour.md#calls-and-fallbacks). Pictures
 * are inline SVGs, so the sample still shows something when the image host is down too.
 */
function samplePicture(label: string, colour: string): Picture {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">` +
    `<rect width="800" height="800" fill="#f3f4f6"/><circle cx="400" cy="360" r="180" fill="${colour}"/>` +
    `<text x="400" y="680" font-family="sans-serif" font-size="48" text-anchor="middle" fill="#374151">${label}</text></svg>`;
  return { url: `data:image/svg+xml,${encodeURIComponent(svg)}`, width: 800, height: 800 };
}

const RAW_SAMPLE_PRODUCTS = [
  // Reading A of the product record (docs/behaviour.md#reading-a-and-reading-b)
  {
    id: 'S1',
    link: 'sample-cotton-tee',
    name: 'Sample Cotton Tee',
    price: 249.99,
    on_sale_price: 199.99,
    short_description: 'Soft everyday cotton tee.',
    sku: 'SMP-TEE-1',
    categories: [{ name: 'T-shirts', id: 't-shirts' }],
    has_variants: true,
    sizes: SIZES.map((size) => ({ ...size })),
    colours: COLOURS.slice(0, 3).map((colour) => ({ ...colour })),
    small_pictures: [samplePicture('Tee', '#2563eb')],
    large_pictures: [samplePicture('Tee', '#2563eb')],
    total_ratings: 4,
    total_reviews: 3,
    is_popular: true,
    out_of_stock: false,
    available_stock: 20,
    stock: 20,
  },
  // Reading B
  {
    id: 'S2',
    name: 'Sample Wireless Headphones',
    description: 'Over-ear wireless headphones with 30 hours of play.',
    price: 1299,
    on_sale_price: null,
    on_sale_until: null,
    is_popular: false,
    is_new: true,
    out_of_stock: false,
    has_variants: false,
    available_stock: 8,
    ratings: 12,
    rating: 4.5,
    reviews: 0,
    categories: ['Headphone'],
    colours: [],
    sizes: [],
    small_pictures: [samplePicture('Headphones', '#1f2937')],
    large_pictures: [samplePicture('Headphones', '#1f2937')],
  },
  {
    id: 'S3',
    link: 'sample-leather-watch',
    name: 'Sample Leather Watch',
    price: 899,
    on_sale_price: 749,
    short_description: 'Classic watch with a leather strap.',
    sku: 'SMP-WCH-3',
    categories: [{ name: 'Watches' }],
    has_variants: false,
    small_pictures: [samplePicture('Watch', '#dc2626')],
    large_pictures: [samplePicture('Watch', '#dc2626')],
    total_ratings: 3,
    total_reviews: 1,
    is_popular: true,
    out_of_stock: false,
    available_stock: 5,
    stock: 5,
  },
];

export const SAMPLE_PRODUCTS: readonly Product[] = RAW_SAMPLE_PRODUCTS.map(normaliseProduct);
export const SAMPLE_COLOURS: readonly Colour[] = COLOURS;
export const SAMPLE_SIZES: readonly Size[] = SIZES;
export const SAMPLE_CATEGORIES: readonly Category[] = CATEGORIES;

/** A sample product matched by id (or link) case-insensitively. */
export function findSampleProduct(idOrLink: string): Product | undefined {
  const wanted = idOrLink.toLowerCase();
  return SAMPLE_PRODUCTS.find(
    (product) => product.id.toLowerCase() === wanted || product.link.toLowerCase() === wanted,
  );
}

function sampleCartLine(): CartItem {
  const product = SAMPLE_PRODUCTS[2] as Product;
  return {
    id: cartLineKey(product),
    product_id: product.id.toLowerCase(),
    link: product.link,
    name: product.name,
    price: effectivePrice(product),
    has_variants: product.has_variants,
    small_pictures: product.small_pictures,
    qty: 3,
    size: null,
    colour: null,
    colour_code: null,
    available_stock: product.available_stock,
  };
}

/** The sample cart a failed cart read shows: one line of quantity 3. */
export const SAMPLE_CART: readonly CartItem[] = [sampleCartLine()];
