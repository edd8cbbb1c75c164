import { fromCents } from '@storefront/shared/domain';
import type { SaProvince } from '@storefront/shared/domain';
import type { DeliveryMethod, Order, OrderLine, OrderStatus, PaymentMethod, Picture } from '@storefront/shared/types';
import type { Queryable } from '../../db/database';
import { toIsoTimestamp } from '../products/productQueries';

/** An order as the database holds it; how to pay it comes from the shop's settings (orderAnswer). */
export type StoredOrder = Omit<Order, 'eft_payment'>;

interface OrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  created_at: Date | string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  delivery_method: DeliveryMethod;
  street: string | null;
  suburb: string | null;
  city: string | null;
  province: SaProvince | null;
  postal_code: string | null;
  payment_method: PaymentMethod;
  subtotal_cents: number;
  delivery_cents: number;
  vat_cents: number;
  total_cents: number;
  lines: OrderLineRow[];
}

/** A line as json_build_object gives it back: bigint cents arrive as JSON numbers. */
interface OrderLineRow {
  key: string;
  product_id: string;
  link: string;
  name: string;
  colour: string | null;
  size: string | null;
  colour_code: string | null;
  picture: Picture | null;
  unit_price_cents: number;
  qty: number;
  line_total_cents: number;
}

/** An order with its lines in one row; bigint cents cast to float8 (exact below 2^53) so both drivers give numbers. */
const ORDER_SELECT = `
  SELECT o.id::text AS id, o.number, o.status, o.created_at,
    o.first_name, o.last_name, o.email, o.phone,
    o.delivery_method, o.street, o.suburb, o.city, o.province, o.postal_code, o.payment_method,
    o.subtotal_cents::float8 AS subtotal_cents, o.delivery_cents::float8 AS delivery_cents,
    o.vat_cents::float8 AS vat_cents, o.total_cents::float8 AS total_cents,
    COALESCE((
      SELECT json_agg(json_build_object(
        'key', ol.key, 'product_id', ol.product_id, 'link', ol.link, 'name', ol.name,
        'colour', ol.colour, 'size', ol.size, 'colour_code', ol.colour_code, 'picture', ol.picture,
        'unit_price_cents', ol.unit_price_cents, 'qty', ol.qty, 'line_total_cents', ol.line_total_cents
      ) ORDER BY ol.position)
      FROM order_lines ol WHERE ol.order_id = o.id
    ), '[]'::json) AS lines
  FROM orders o`;

function toOrderLine(row: OrderLineRow): OrderLine {
  return {
    id: row.key,
    product_id: row.product_id,
    link: row.link,
    name: row.name,
    colour: row.colour,
    size: row.size,
    colour_code: row.colour_code,
    picture: row.picture,
    price: fromCents(Number(row.unit_price_cents)),
    qty: row.qty,
    line_total: fromCents(Number(row.line_total_cents)),
  };
}

function toOrder(row: OrderRow): StoredOrder {
  const delivered = row.delivery_method === 'delivery';
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    created_at: toIsoTimestamp(row.created_at) ?? '',
    contact: { first_name: row.first_name, last_name: row.last_name, email: row.email, phone: row.phone },
    delivery_method: row.delivery_method,
    // The table's CHECK gives a delivered order every address field and a collected one none.
    address:
      delivered && row.street && row.suburb && row.city && row.province && row.postal_code
        ? { street: row.street, suburb: row.suburb, city: row.city, province: row.province, postal_code: row.postal_code }
        : null,
    payment_method: row.payment_method,
    lines: row.lines.map(toOrderLine),
    subtotal: fromCents(row.subtotal_cents),
    delivery: fromCents(row.delivery_cents),
    vat: fromCents(row.vat_cents),
    total: fromCents(row.total_cents),
  };
}

/** The shopper's own order; another shopper's is as unknown as one that does not exist. */
export async function findOrder(db: Queryable, shopperId: string, orderId: string): Promise<StoredOrder | null> {
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1::uuid AND o.shopper_id = $2`, [orderId, shopperId]);
  const row = rows.rows[0];
  return row ? toOrder(row) : null;
}

/** The shopper's orders, newest first. */
export async function listOrders(db: Queryable, shopperId: string): Promise<StoredOrder[]> {
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.shopper_id = $1 ORDER BY o.created_at DESC, o.number DESC`, [shopperId]);
  return rows.rows.map(toOrder);
}
