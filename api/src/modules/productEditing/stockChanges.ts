import type { Queryable } from '../../db/database';
import { EditRefused, HOLDING_STATUSES } from './editing';

export type StockReason = 'received' | 'counted' | 'damaged';

export interface StockChange {
  sku: string;
  reason: StockReason;
  quantity: number;
  note?: string;
}

/**
 * Changes one variant's stock (or a product's own, when it has no colours or sizes), and records
 * who, when, how many and why. Units received are added and units damaged or lost taken away. A
 * count is of every unit in the shop, those set aside for open orders included: those orders
 * already took their units from the stock when they were placed, so the sellable stock becomes the
 * count less what they hold — a count never frees their units, nor counts them twice. The rows are
 * locked as an order's checkout locks them, so a checkout and a count never cross.
 */
export async function changeStock(db: Queryable, productId: string, change: StockChange, actor: string): Promise<void> {
  const product = await db.query<{ id: string; sku: string; stock: number }>('SELECT id, sku, stock FROM products WHERE id = lower($1) FOR UPDATE', [productId]);
  const row = product.rows[0];
  if (!row) throw new EditRefused(404, 'not_found', `No product "${productId}"`);
  const variants = await db.query<{ sku: string; colour: string | null; size: string | null; stock: number }>(
    'SELECT sku, colour, size, stock FROM product_variants WHERE product_id = $1 ORDER BY sku FOR UPDATE',
    [row.id],
  );
  const variant = variants.rows.find((candidate) => candidate.sku === change.sku);
  if (variants.rows.length > 0 ? !variant : change.sku !== row.sku) throw new EditRefused(400, 'invalid_sku', `sku: "${change.sku}" is not one of this product’s SKUs`);
  const before = variant ? variant.stock : row.stock;
  const held = await db.query<{ held: number }>(
    `SELECT COALESCE(sum(l.qty), 0)::int AS held FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE l.product_id = $1 AND o.status = ANY ($2::text[])
       AND ($3::boolean OR (l.colour IS NOT DISTINCT FROM $4 AND l.size IS NOT DISTINCT FROM $5))`,
    [row.id, HOLDING_STATUSES, !variant, variant?.colour ?? null, variant?.size ?? null],
  );
  const holding = held.rows[0]?.held ?? 0;
  let after: number;
  switch (change.reason) {
    case 'received':
      after = before + change.quantity;
      break;
    case 'damaged':
      if (change.quantity > before) throw new EditRefused(409, 'not_enough_stock', `quantity: only ${before} in stock to take ${change.quantity} from`);
      after = before - change.quantity;
      break;
    case 'counted':
      if (change.quantity < holding) {
        throw new EditRefused(409, 'count_below_held', `quantity: open orders hold ${holding} of these; count every unit in the shop, those set aside for orders too`);
      }
      after = change.quantity - holding;
      break;
  }
  if (after > 1_000_000) throw new EditRefused(400, 'invalid_quantity', 'quantity: the stock would be more than 1000000');
  const delta = after - before;
  if (variant) await db.query('UPDATE product_variants SET stock = $2 WHERE sku = $1', [variant.sku, after]);
  await db.query('UPDATE products SET stock = stock + $2 WHERE id = $1', [row.id, delta]);
  await db.query(
    `INSERT INTO stock_movements (product_id, sku, reason, quantity, change, stock_after, actor, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.id, change.sku, change.reason, change.quantity, delta, after, actor, (change.note ?? '').trim()],
  );
}
