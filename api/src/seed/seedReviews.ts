import type { Queryable } from '../db/database';
import type { SeedProduct } from './buildCatalogue';
import { createRandom, type Random } from './prng';

/** What seedReviews needs of a product; a generator of large catalogues passes the same. */
export type ReviewedProduct = Pick<SeedProduct, 'id' | 'rating' | 'reviews_count'>;

export interface SeedReview {
  product_id: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  created_at: string;
}

export const REVIEW_SEED = 20240602;
/** Reviews are dated in the two years before this day, so a catalogue seeds the same on any date. */
const LATEST_REVIEW = Date.parse('2025-05-31T18:00:00.000Z');
const REVIEW_PERIOD_MS = 2 * 365 * 24 * 60 * 60 * 1000;
/** Products per insert: their reviews travel as one JSON parameter. */
const PRODUCTS_PER_INSERT = 400;

const FIRST_NAMES = [
  'Thandi', 'Sipho', 'Lerato', 'Pieter', 'Anele', 'Johan', 'Naledi', 'Ayesha', 'Kagiso', 'Megan',
  'Zanele', 'Ruan', 'Nomsa', 'Tariq', 'Busisiwe', 'Liam', 'Palesa', 'Francois', 'Lindiwe', 'Priya',
  'Themba', 'Chantal', 'Bongani', 'Fatima', 'Karabo', 'Annelie', 'Mpho', 'Rashied', 'Zinhle', 'Gareth',
] as const;
const SURNAME_INITIALS = ['M.', 'N.', 'D.', 'v.d. M.', 'K.', 'P.', 'S.', 'B.', 'J.', 'van W.', 'Z.', 'R.', 'C.', 'T.'] as const;
const PLACES = ['Johannesburg', 'Cape Town', 'Durban', 'Pretoria', 'Gqeberha', 'Bloemfontein', 'Polokwane', 'Stellenbosch', 'East London', 'Mbombela'] as const;

/** Words a shopper who gave so many stars might write: index 0 is one star. */
const TITLES: readonly (readonly string[])[] = [
  ['Disappointed', 'Not what I expected', 'Would not buy again', 'Sent it back'],
  ['Not great', 'Below expectations', 'Could be better', 'Just okay for the money'],
  ['Decent', 'Does the job', 'Average', 'Okay, nothing special'],
  ['Very good', 'Happy with it', 'Good value', 'Would recommend'],
  ['Love it!', 'Excellent', 'Exactly as described', 'Worth every rand', 'Brilliant buy'],
];
const OPENINGS: readonly (readonly string[])[] = [
  ['Unfortunately this did not live up to the pictures.', 'I was really let down by the quality.', 'Not for me at all.'],
  ['It is fine, but I expected more at this price.', 'Some good points, some not so good.', 'It works, just about.'],
  ['It does what it says.', 'Solid enough for everyday use.', 'Neither great nor bad.'],
  ['Really pleased with this purchase.', 'Good quality for the price.', 'Nicely made and arrived quickly.'],
  ['Absolutely love it.', 'Even better than I hoped.', 'Fantastic quality, I use it every day.'],
];
const DETAILS: readonly (readonly string[])[] = [
  ['It showed wear after a couple of weeks.', 'The finish was not as shown.', 'Customer service were helpful with the return, at least.'],
  ['The sizing runs a little off.', 'Delivery took longer than promised.', 'The colour is duller than online.'],
  ['Delivery to {place} took four days.', 'Packaging was plain but it arrived safely.', 'Would buy again on sale.'],
  ['Delivered to {place} in two days.', 'The colour is exactly as in the photos.', 'Bought a second one as a gift.'],
  ['Arrived in {place} the day after I ordered.', 'Compliments every time I use it.', 'Already ordered another one for my family.'],
];

/** A stable number from a product id, so each product's reviews do not depend on its neighbours. */
function hashId(id: string): number {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * `count` whole-star ratings whose mean is as near `rating` as whole stars allow (within half a
 * star divided by the count), spread out the way real reviews are rather than all alike.
 */
export function ratingsFor(count: number, rating: number, random: Random): number[] {
  if (count <= 0) return [];
  const sum = Math.min(5 * count, Math.max(count, Math.round(count * rating)));
  const base = Math.floor(sum / count);
  const ratings = Array.from({ length: count }, (_, index) => base + (index < sum - base * count ? 1 : 0));
  // Moving a star from one review to another keeps the sum, so the mean stays where it was.
  for (let step = 0; step < count; step += 1) {
    const up = random.int(0, count - 1);
    const down = random.int(0, count - 1);
    const upRating = ratings[up] ?? 0;
    const downRating = ratings[down] ?? 0;
    if (up !== down && upRating < 5 && downRating > 1) {
      ratings[up] = upRating + 1;
      ratings[down] = downRating - 1;
    }
  }
  for (let index = count - 1; index > 0; index -= 1) {
    const swap = random.int(0, index);
    const current = ratings[index] ?? 0;
    ratings[index] = ratings[swap] ?? 0;
    ratings[swap] = current;
  }
  return ratings;
}

function writeReview(productId: string, rating: number, random: Random): SeedReview {
  const tone = rating - 1;
  const place = random.pick(PLACES);
  const body = [random.pick(OPENINGS[tone] ?? []), random.pick(DETAILS[tone] ?? [])].join(' ').replace('{place}', place);
  return {
    product_id: productId,
    author_name: `${random.pick(FIRST_NAMES)} ${random.pick(SURNAME_INITIALS)}`,
    rating,
    title: random.pick(TITLES[tone] ?? []),
    body,
    created_at: new Date(LATEST_REVIEW - Math.floor(random.next() * REVIEW_PERIOD_MS)).toISOString(),
  };
}

/** Each product's reviews draw from a sequence of their own, the same on every run. */
const reviewRandom = (product: ReviewedProduct, seed: number) => createRandom((seed ^ hashId(product.id)) >>> 0);

/** The product's `reviews_count` reviews, averaging its `rating`; the same every time. */
export function buildProductReviews(product: ReviewedProduct, seed: number = REVIEW_SEED): SeedReview[] {
  const random = reviewRandom(product, seed);
  return ratingsFor(product.reviews_count, product.rating, random).map((rating) => writeReview(product.id, rating, random));
}

/** The stars of the product's reviews, as buildProductReviews gives them, without writing their texts. */
function reviewStars(product: ReviewedProduct, seed: number = REVIEW_SEED): number[] {
  return ratingsFor(product.reviews_count, product.rating, reviewRandom(product, seed));
}

/**
 * `product` with its stars and counts as its written reviews give them (the mean, to two places,
 * as the api keeps it when a review is written), so the two never disagree on a page.
 */
export function withRatingOfReviews<T extends ReviewedProduct & { ratings_count: number }>(product: T): T {
  const stars = reviewStars(product);
  const sum = stars.reduce((total, star) => total + star, 0);
  const rating = stars.length === 0 ? 0 : Math.round((sum / stars.length) * 100) / 100;
  return { ...product, rating, ratings_count: stars.length, reviews_count: stars.length };
}

const REVIEW_COLUMNS = 'product_id, author_name, rating, title, body, created_at';

/**
 * Gives every product of a freshly seeded catalogue its reviews, in bulk: a few hundred
 * products' reviews per statement, as one JSON array turned into rows by the database.
 */
export async function seedReviews(db: Queryable, products: readonly ReviewedProduct[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < products.length; start += PRODUCTS_PER_INSERT) {
    const reviews = products.slice(start, start + PRODUCTS_PER_INSERT).flatMap((product) => buildProductReviews(product));
    if (reviews.length === 0) continue;
    await db.query(
      `INSERT INTO reviews (${REVIEW_COLUMNS})
       SELECT ${REVIEW_COLUMNS} FROM json_populate_recordset(NULL::reviews, $1::json) WITH ORDINALITY
       ORDER BY ordinality`,
      [JSON.stringify(reviews)],
    );
    inserted += reviews.length;
  }
  return inserted;
}
