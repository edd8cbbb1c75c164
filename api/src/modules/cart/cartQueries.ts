import { effectivePrice } from '@storefront/shared/domain';
import type { CartItem, Picture } from '@storefront/shared/types';
import { namedStatement, type Queryable } from '../../db/database';
import { picturesSql, toIsoTimestamp } from '../catalogue';

interface CartLineRow {
  key: string;
  product_id: string;
  colour: string | null;
  size: string | null;
  qty: number;
  link: string;
  name: string;
  price: number;
  on_sale_price: number | null;
  on_sale_until: Date | string | null;
  has_variants: boolean;
  stock: number;
  colour_code: string | null;
  small_pictures: Picture[];
}

/**
 * The units a line may hold: its colour and size's own count where the shop keeps one (products
 * from its file or its staff), else the product's.
 */
function lineStockSql(product: string, colour: string, size: string): string {
  return `COALESCE((SELECT v.stock FROM product_variants v
      WHERE v.product_id = ${product}.id AND v.colour IS NOT DISTINCT FROM ${colour} AND v.size IS NOT DISTINCT FROM ${size}), ${product}.stock)`;
}

/** A cart line described from the catalogue; `lines` is any relation with cart_lines' columns. */
function cartItemSql(lines: string, where: string): string {
  return `SELECT l.key, l.product_id, l.colour, l.size, l.qty,
      p.link, p.name, p.price::float8 AS price, p.on_sale_price::float8 AS on_sale_price, p.on_sale_until,
      p.has_variants, ${lineStockSql('p', 'l.colour', 'l.size')} AS stock, co.code AS colour_code,
      ${picturesSql('p', 'small', 'l.colour')} AS small_pictures
    FROM ${lines} l
    JOIN products p ON p.id = l.product_id
    LEFT JOIN colours co ON co.name = l.colour
    ${where}
    ORDER BY l.created_at, l.key`;
}

function toCartItem(row: CartLineRow, now: Date): CartItem {
  return {
    id: row.key,
    product_id: row.product_id,
    link: row.link,
    name: row.name,
    price: effectivePrice(
      { price: row.price, on_sale_price: row.on_sale_price, on_sale_until: toIsoTimestamp(row.on_sale_until) },
      now,
    ),
    has_variants: row.has_variants,
    small_pictures: row.small_pictures,
    qty: row.qty,
    size: row.size,
    colour: row.colour,
    colour_code: row.colour_code,
    available_stock: Math.max(0, row.stock),
  };
}

// A shopper's every click on the cart runs one of these: each is kept planned (namedStatement).
const LIST_CART = namedStatement('cart.list', cartItemSql('cart_lines', 'WHERE l.shopper_id = $1'));
const FIND_CART_LINE = namedStatement('cart.find', cartItemSql('cart_lines', 'WHERE l.shopper_id = $1 AND l.key = $2'));

export async function listCart(db: Queryable, shopperId: string): Promise<CartItem[]> {
  const rows = await db.query<CartLineRow>(LIST_CART, [shopperId]);
  const now = new Date();
  return rows.rows.map((row) => toCartItem(row, now));
}

export async function findCartLine(db: Queryable, shopperId: string, key: string): Promise<CartItem | null> {
  const rows = await db.query<CartLineRow>(FIND_CART_LINE, [shopperId, key.toLowerCase()]);
  const row = rows.rows[0];
  return row ? toCartItem(row, new Date()) : null;
}

export interface NewCartLine {
  shopperId: string;
  key: string;
  productId: string;
  colour: string | null;
  size: string | null;
  qty: number;
}

export type AddToCartOutcome = { outcome: 'added'; item: CartItem } | { outcome: 'out_of_stock' } | { outcome: 'cart_full' };

const WHY_NOT_ADDED = namedStatement('cart.whyNotAdded', 'SELECT bool_or(key = $2) AS has_line, count(*) AS lines FROM cart_lines WHERE shopper_id = $1');

const ADD_TO_LINE = namedStatement(
  'cart.add',
  `WITH added AS (
       INSERT INTO cart_lines (shopper_id, key, product_id, colour, size, qty)
       SELECT $1, $2, p.id, $4, $5, LEAST($6::int, ${lineStockSql('p', '$4::text', '$5::text')})
       FROM products p WHERE p.id = $3 AND ${lineStockSql('p', '$4::text', '$5::text')} > 0 AND p.published
         AND (EXISTS (SELECT 1 FROM cart_lines WHERE shopper_id = $1 AND key = $2)
              OR (SELECT count(*) FROM cart_lines WHERE shopper_id = $1) < $7)
       ON CONFLICT (shopper_id, key) DO UPDATE
         -- GREATEST covers stock falling to zero between the SELECT and this update, which the
         -- qty > 0 check would otherwise turn into a failed request.
         SET qty = GREATEST(1, LEAST(
               cart_lines.qty + EXCLUDED.qty,
               (SELECT ${lineStockSql('sp', 'EXCLUDED.colour', 'EXCLUDED.size')} FROM products sp WHERE sp.id = EXCLUDED.product_id))),
             updated_at = clock_timestamp()
       RETURNING *
     )
     ${cartItemSql('added', '')}`,
);

/**
 * Adds to a line in one statement, so parallel adds of the same line sum up instead of
 * overwriting each other; the line never holds more than the stock. Answers the line as this add
 * left it, read in the same statement (a checkout of the same cart may take the line the moment
 * after: the units added are then in the order, and the shopper is still told they were added),
 * or why nothing was written: the product has no stock, or the line is new and the cart already
 * holds `maxLines` lines (adding to a line it holds always works). For the cap to hold against
 * parallel adds, run it in a transaction that has locked the shopper's row (lockShopper).
 */
export async function addToCartLine(db: Queryable, line: NewCartLine, maxLines: number): Promise<AddToCartOutcome> {
  const result = await db.query<CartLineRow>(ADD_TO_LINE, [line.shopperId, line.key, line.productId, line.colour, line.size, line.qty, maxLines]);
  const row = result.rows[0];
  if (row) return { outcome: 'added', item: toCartItem(row, new Date()) };
  const cart = await db.query<{ has_line: boolean; lines: number | string }>(WHY_NOT_ADDED, [line.shopperId, line.key]);
  const { has_line, lines } = cart.rows[0] ?? { has_line: false, lines: 0 };
  return !has_line && Number(lines) >= maxLines ? { outcome: 'cart_full' } : { outcome: 'out_of_stock' };
}

const LOCK_SHOPPER = namedStatement('cart.lockShopper', 'SELECT 1 FROM shoppers WHERE id = $1 FOR UPDATE');

/** Holds the shopper's row until the transaction ends: one cart's line count changes one add at a time. */
export async function lockShopper(tx: Queryable, shopperId: string): Promise<void> {
  await tx.query(LOCK_SHOPPER, [shopperId]);
}

export type SetQtyOutcome = { outcome: 'updated'; item: CartItem } | { outcome: 'missing' } | { outcome: 'out_of_stock' };

const SET_QTY = namedStatement(
  'cart.setQty',
  `WITH updated AS (
       UPDATE cart_lines l SET qty = LEAST($3::int, ${lineStockSql('p', 'l.colour', 'l.size')}), updated_at = clock_timestamp()
       FROM products p
       WHERE l.shopper_id = $1 AND l.key = $2 AND p.id = l.product_id AND ${lineStockSql('p', 'l.colour', 'l.size')} > 0
       RETURNING l.*
     )
     ${cartItemSql('updated', '')}`,
);
const HAS_LINE = namedStatement('cart.hasLine', 'SELECT 1 FROM cart_lines WHERE shopper_id = $1 AND key = $2');

/**
 * Sets a line's quantity, capped at the stock, and answers the line as it left it, read in the
 * same statement (one round trip, where an update and a read were two).
 */
export async function setCartLineQty(db: Queryable, shopperId: string, key: string, qty: number): Promise<SetQtyOutcome> {
  const lowerKey = key.toLowerCase();
  const updated = await db.query<CartLineRow>(SET_QTY, [shopperId, lowerKey, qty]);
  const row = updated.rows[0];
  if (row) return { outcome: 'updated', item: toCartItem(row, new Date()) };
  const existing = await db.query(HAS_LINE, [shopperId, lowerKey]);
  return { outcome: existing.rows.length > 0 ? 'out_of_stock' : 'missing' };
}

const REMOVE_LINE = namedStatement(
  'cart.remove',
  `WITH removed AS (
       DELETE FROM cart_lines WHERE shopper_id = $1 AND key = $2 RETURNING *
     )
     ${cartItemSql('removed', '')}`,
);

export async function removeCartLine(db: Queryable, shopperId: string, key: string): Promise<CartItem | null> {
  const rows = await db.query<CartLineRow>(REMOVE_LINE, [shopperId, key.toLowerCase()]);
  const row = rows.rows[0];
  return row ? toCartItem(row, new Date()) : null;
}
