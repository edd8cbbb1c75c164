import type { Queryable } from '../db/database';

/**
 * On sign-in the anonymous shopper's cart and wishlist move into the account's: quantities of
 * the same line are added and capped at stock, lines of sold-out products are dropped, and the
 * anonymous shopper is left empty. Run it inside the sign-in transaction.
 */
export async function mergeShopperInto(tx: Queryable, fromShopperId: string, toShopperId: string): Promise<void> {
  if (fromShopperId === toShopperId) return;
  await tx.query(
    `INSERT INTO cart_lines (shopper_id, key, product_id, colour, size, qty)
     SELECT $2, l.key, l.product_id, l.colour, l.size, LEAST(l.qty, p.stock)
     FROM cart_lines l JOIN products p ON p.id = l.product_id
     WHERE l.shopper_id = $1 AND p.stock > 0
     ON CONFLICT (shopper_id, key) DO UPDATE
       SET qty = GREATEST(1, LEAST(cart_lines.qty + EXCLUDED.qty,
             (SELECT stock FROM products WHERE id = EXCLUDED.product_id))),
           updated_at = clock_timestamp()`,
    [fromShopperId, toShopperId],
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
