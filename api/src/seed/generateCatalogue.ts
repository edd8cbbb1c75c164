import { slugify } from '@storefront/shared/domain';
import { buildProduct, SEED, type SeedProduct } from './buildCatalogue';
import { CATEGORY_PLANS } from './catalogueData';
import { createRandom } from './prng';

/** Words put before a plan's names, so a large catalogue reads like ranges of one shop's lines. */
const RANGE_NAMES: readonly string[] = [
  'Everyday',
  'Signature',
  'Coastal',
  'Karoo',
  'Urban',
  'Weekend',
  'Heritage',
  'Safari',
  'Studio',
  'Travel',
  'Highveld',
  'Lowveld',
  'Fynbos',
  'Atlantic',
  'Namaqua',
  'Drakensberg',
  'Essential',
  'Premium',
  'Summit',
  'Bushveld',
];

/**
 * A large catalogue for trying the shop at scale (`npm run seed -w api -- --products 100000`):
 * the seed's category plans with range names in front, ids '1' … String(count), links made
 * unique by their id. Always the same for the same count and seed.
 */
export function generateCatalogue(count: number, seed: number = SEED): SeedProduct[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a whole number above 0, got ${count}`);
  const random = createRandom(seed);
  const products: SeedProduct[] = [];
  for (let index = 1; index <= count; index += 1) {
    const id = String(index);
    const plan = random.pick(CATEGORY_PLANS);
    const name = `${random.pick(RANGE_NAMES)} ${random.pick(plan.names)}`;
    const product = buildProduct(
      id,
      plan,
      name,
      { onSale: random.chance(0.25), outOfStock: random.chance(0.03), popular: random.chance(0.2), isNew: random.chance(0.15) },
      random,
    );
    product.link = `${slugify(name)}-${id}`;
    product.sku = `${plan.skuCode}-${id.padStart(6, '0')}`;
    products.push(product);
  }
  return products;
}
