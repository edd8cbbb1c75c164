import type { Queryable } from '../../db/database';
import { DEFAULT_LIMITS } from '../../limits';

/**
 * On sign-in the anonymous shopper's cart and wishlist move into the account's: quantities of
 * the same line are added and capped at stock, lines of sold-out products are dropped, and the
 * anonymous shopper is left empty. The account's cart keeps to `maxCartLines` lines: lines it
 * already holds always take their units, new ones come in (oldest first) while there is room,
 * and the rest are dropped, so signing in again and again cannot grow a cart without bound.
 * Run it inside the sign-in transaction.
 */
export async function mergeShopperInto(
  tx: Queryable,
  fromShopperId: string,
  toShopperId: string,
  maxCartLines: number = DEFAULT_LIMITS.cartLines,
): Promise<void> {
  if (fromShopperId === toShopperId) return;
  // The account's line count is read under its row's lock, as POST /cart reads it.
  await tx.query('SELECT 1 FROM shoppers WHERE id = $1 FOR UPDATE', [toShopperId]);
  await tx.query(
    `WITH incoming AS (
       SELECT l.key, l.product_id, l.colour, l.size, LEAST(l.qty, p.stock) AS qty, l.created_at,
              EXISTS (SELECT 1 FROM cart_lines t WHERE t.shopper_id = $2 AND t.key = l.key) AS held
       FROM cart_lines l JOIN products p ON p.id = l.product_id
       WHERE l.shopper_id = $1 AND p.stock > 0
     ), ranked AS (
       SELECT *, row_number() OVER (PARTITION BY held ORDER BY created_at, key) AS place FROM incoming
     )
     INSERT INTO cart_lines (shopper_id, key, product_id, colour, size, qty)
     SELECT $2, key, product_id, colour, size, qty FROM ranked
     WHERE held OR place <= $3 - (SELECT count(*) FROM cart_lines WHERE shopper_id = $2)
     ON CONFLICT (shopper_id, key) DO UPDATE
       SET qty = GREATEST(1, LEAST(cart_lines.qty + EXCLUDED.qty,
             (SELECT stock FROM products WHERE id = EXCLUDED.product_id))),
           updated_at = clock_timestamp()`,
    [fromShopperId, toShopperId, maxCartLines],
  );
  await tx.query('DELETE FROM cart_lines WHERE shopper_id = $1', [fromShopperId]);
  await tx.query(
    `INSERT INTO wishlist_items (shopper_id, product_id, created_at)
     SELECT $2, product_id, created_at FROM wishlist_items WHERE shopper_id = $1
     ON CONFLICT (shopper_id, product_id) DO NOTHING`,
    [fromShopperId, toShopperId],
  );
  await tx.query('DELETE FROM wishlist_items WHERE shopper_id = $1', [fromShopperId]);
}
