import { CATEGORIES, COLOURS, SIZES, slugify } from '@storefront/shared/domain';
import { CATEGORY_PLANS, type CategoryPlan } from './catalogueData';
import { createRandom, type Random } from './prng';

/** A product as the seed inserts it: the products row plus its lists. */
export interface SeedProduct {
  id: string;
  link: string;
  name: string;
  sku: string;
  description: string;
  short_description: string;
  price: number;
  on_sale_price: number | null;
  on_sale_until: string | null;
  has_variants: boolean;
  is_popular: boolean;
  is_new: boolean;
  stock: number;
  rating: number;
  ratings_count: number;
  reviews_count: number;
  /** Category ids, parent first. */
  categories: string[];
  colours: string[];
  sizes: string[];
  pictureCount: number;
}

export const SEED = 20240601;
export const LARGE_PICTURE_SIZE = 800;
export const SMALL_PICTURE_SIZE = 400;

/** Ends a sale runs until; null ones run until someone ends them. */
const SALE_ENDS: readonly (string | null)[] = [null, null, '2030-01-31T21:59:59.000Z', '2030-12-31T21:59:59.000Z'];

/** Shelf prices: R149.99 under a thousand, R1,299.00 above. */
export function shelfPrice(amount: number): number {
  if (amount < 1000) return Math.max(9.99, Math.floor(amount / 10) * 10 + 9.99);
  return Math.ceil(amount / 100) * 100 - 1;
}

/** Category ids of a product in a leaf category: the parent first, then the leaf. */
export function categoryPath(categoryId: string): string[] {
  const category = CATEGORIES.find((candidate) => candidate.id === categoryId);
  if (!category) throw new Error(`Unknown category "${categoryId}"`);
  const parent = category.parent === null ? undefined : CATEGORIES.find((candidate) => candidate.name === category.parent);
  return parent ? [parent.id, category.id] : [category.id];
}

export interface ProductFlags {
  onSale: boolean;
  outOfStock: boolean;
  popular: boolean;
  isNew: boolean;
}

/**
 * One product from a category plan. Separate from the curated list so a generator of large
 * catalogues can call it with made-up names and flags of its own.
 */
export function buildProduct(id: string, plan: CategoryPlan, name: string, flags: ProductFlags, random: Random): SeedProduct {
  const [low, high] = plan.priceRange;
  const price = Math.min(shelfPrice(high), shelfPrice(random.int(low, high)));
  let onSalePrice: number | null = null;
  if (flags.onSale) {
    const discounted = shelfPrice(price * (1 - random.int(10, 40) / 100));
    onSalePrice = discounted < price ? discounted : Math.round((price - 10) * 100) / 100;
  }

  const ratingsCount = random.chance(0.2) ? 0 : random.int(1, 240);
  const reviewsCount = ratingsCount === 0 || random.chance(0.15) ? 0 : random.int(1, Math.max(1, Math.floor(ratingsCount / 2)));
  const rating = ratingsCount === 0 ? 0 : random.int(25, 50) / 10;

  const colours = plan.variants ? random.sample(COLOURS, random.int(2, 5)).map((colour) => colour.name) : [];
  const sizeNames = SIZES.map((size) => size.name);
  const sizes = plan.variants ? (random.chance(0.7) ? sizeNames : sizeNames.slice(0, 3)) : [];

  const tagline = random.pick(plan.taglines);
  const details = random.sample(plan.details, random.int(2, 3));

  return {
    id,
    link: slugify(name),
    name,
    sku: `${plan.skuCode}-${id.padStart(4, '0')}`.toUpperCase(),
    description: [tagline, ...details].join(' '),
    short_description: tagline,
    price,
    on_sale_price: onSalePrice,
    on_sale_until: onSalePrice === null ? null : random.pick(SALE_ENDS),
    has_variants: plan.variants,
    is_popular: flags.popular,
    is_new: flags.isNew,
    stock: flags.outOfStock ? 0 : random.int(1, 60),
    rating,
    ratings_count: ratingsCount,
    reviews_count: reviewsCount,
    categories: categoryPath(plan.categoryId),
    colours,
    sizes,
    // At least one picture of each colour (pictures show the colours in turn: insertCatalogue.ts).
    pictureCount: Math.max(random.int(2, 4), colours.length),
  };
}

/**
 * The shop's starting catalogue: every name of every category plan, shuffled so a listing's
 * first page shows a mix, with ids '1', '2', … in that order. About a quarter are on sale,
 * a few are sold out. Always the same for the same seed.
 */
export function buildSeedCatalogue(seed: number = SEED): SeedProduct[] {
  const random = createRandom(seed);
  const entries = CATEGORY_PLANS.flatMap((plan) => plan.names.map((name) => ({ plan, name })));
  for (let index = entries.length - 1; index > 0; index -= 1) {
    const swap = random.int(0, index);
    const current = entries[index];
    const other = entries[swap];
    if (current && other) {
      entries[index] = other;
      entries[swap] = current;
    }
  }
  const indices = entries.map((_, index) => index);
  const onSale = new Set(random.sample(indices, Math.round(entries.length / 4)));
  const outOfStock = new Set(random.sample(indices, 4));
  const popular = new Set(random.sample(indices, Math.round(entries.length / 4)));
  const isNew = new Set(random.sample(indices, Math.round(entries.length / 5)));

  const links = new Set<string>();
  return entries.map(({ plan, name }, index) => {
    const id = String(index + 1);
    const product = buildProduct(
      id,
      plan,
      name,
      { onSale: onSale.has(index), outOfStock: outOfStock.has(index), popular: popular.has(index), isNew: isNew.has(index) },
      random,
    );
    // Links must be unique; a repeated name gets its id appended.
    if (links.has(product.link)) product.link = `${product.link}-${id}`;
    links.add(product.link);
    return product;
  });
}
