import type { ProductReview, ProductReviewPage, ReviewRatingCount } from '@storefront/shared/types';
import type { Queryable } from '../../db/database';
import { toIsoTimestamp } from '../catalogue';

interface ReviewRow {
  id: string;
  product_id: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  created_at: Date | string;
  verified_buyer: boolean;
}

const STARS = [5, 4, 3, 2, 1] as const;

/** The product's id, found by id or link in any letter case as GET /products/{id} finds it. */
export async function findProductId(db: Queryable, idOrLink: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM products WHERE id = lower($1) OR link = lower($1) ORDER BY (id = lower($1)) DESC LIMIT 1`,
    [idOrLink],
  );
  return rows.rows[0]?.id ?? null;
}

function toReview(row: ReviewRow): ProductReview {
  return {
    id: String(row.id),
    product_id: row.product_id,
    author_name: row.author_name,
    rating: row.rating,
    title: row.title,
    body: row.body,
    created_at: toIsoTimestamp(row.created_at) ?? '',
    verified_buyer: row.verified_buyer,
  };
}

/** A page of the product's reviews, newest first (ties: the later written first). */
export async function listReviews(
  db: Queryable,
  productId: string,
  { page, limit }: { page: number; limit: number },
): Promise<ProductReviewPage> {
  const counts = await db.query<{ rating: number; count: number; verified: number }>(
    `SELECT rating::int AS rating, count(*)::int AS count, (count(*) FILTER (WHERE verified_buyer))::int AS verified
     FROM reviews WHERE product_id = $1 GROUP BY rating`,
    [productId],
  );
  const ratingCounts: ReviewRatingCount[] = STARS.map((rating) => ({
    rating,
    count: counts.rows.find((row) => row.rating === rating)?.count ?? 0,
  }));
  const total = ratingCounts.reduce((sum, { count }) => sum + count, 0);
  const starSum = ratingCounts.reduce((sum, { rating, count }) => sum + rating * count, 0);
  const average = total === 0 ? 0 : Math.round((starSum / total) * 100) / 100;
  const verifiedCount = counts.rows.reduce((sum, row) => sum + row.verified, 0);

  const offset = (page - 1) * limit;
  const rows =
    offset >= total
      ? { rows: [] }
      : await db.query<ReviewRow>(
          `SELECT id::text AS id, product_id, author_name, rating::int AS rating, title, body, created_at, verified_buyer
           FROM reviews WHERE product_id = $1
           ORDER BY created_at DESC, id DESC
           LIMIT $2 OFFSET $3`,
          [productId, limit, offset],
        );
  return { reviews: rows.rows.map(toReview), total, page, limit, average, rating_counts: ratingCounts, verified_count: verifiedCount };
}

export interface NewReview {
  productId: string;
  userId: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
}

/**
 * Saves a review and folds its stars into the product's rating and counts in the same
 * transaction; one UPDATE, so reviews written at once all count. Null when this account has
 * already reviewed the product.
 *
 * Whether the author is a verified buyer is decided by review_by_paid_buyer (migration 025: a
 * paid, uncancelled order with a line for the product, placed no later than the review) against
 * the moment the review is written, and kept with it, so it holds after the account is gone.
 */
export async function addReview(tx: Queryable, review: NewReview): Promise<ProductReview | null> {
  // The account's orders of the product are held while the review is written: an order being
  // marked paid (or cancelled) meanwhile either commits first, and the INSERT below sees it, or
  // waits for this review, and then re-decides it (redecideVerifiedBuyers).
  await tx.query(
    `SELECT 1 FROM orders o JOIN users u ON u.shopper_id = o.shopper_id
     WHERE u.id = $1 AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.product_id = $2)
     FOR SHARE OF o`,
    [review.userId, review.productId],
  );
  const inserted = await tx.query<ReviewRow>(
    `WITH written AS (SELECT clock_timestamp() AS at)
     INSERT INTO reviews (product_id, user_id, author_name, rating, title, body, created_at, verified_buyer)
     SELECT $1, $2, $3, $4::smallint, $5, $6, written.at, review_by_paid_buyer($2, $1, written.at) FROM written
     ON CONFLICT (product_id, user_id) WHERE user_id IS NOT NULL DO NOTHING
     RETURNING id::text AS id, product_id, author_name, rating::int AS rating, title, body, created_at, verified_buyer`,
    [review.productId, review.userId, review.authorName, review.rating, review.title, review.body],
  );
  const row = inserted.rows[0];
  if (!row) return null;
  await tx.query(
    `UPDATE products SET
       rating = round((rating * ratings_count + $2) / (ratings_count + 1), 2),
       ratings_count = ratings_count + 1,
       reviews_count = reviews_count + 1
     WHERE id = $1`,
    [review.productId, review.rating],
  );
  return toReview(row);
}

/**
 * Re-decides, by review_by_paid_buyer, the reviews an order's payment bears on: its account's
 * reviews of the products it holds. Run in the transaction that marks the order paid (EFT paid,
 * cash delivered or collected) or cancels it, so the mark comes and goes with the money.
 */
export async function redecideVerifiedBuyers(tx: Queryable, orderId: string): Promise<void> {
  await tx.query(
    `UPDATE reviews r SET verified_buyer = review_by_paid_buyer(r.user_id, r.product_id, r.created_at)
     FROM orders o JOIN users u ON u.shopper_id = o.shopper_id
     WHERE o.id = $1::uuid AND r.user_id = u.id
       AND r.product_id IN (SELECT l.product_id FROM order_lines l WHERE l.order_id = o.id)
       AND r.verified_buyer IS DISTINCT FROM review_by_paid_buyer(r.user_id, r.product_id, r.created_at)`,
    [orderId],
  );
}
