import { fromCents } from '@storefront/shared/domain';
import type { SaProvince } from '@storefront/shared/domain';
import type { DeliveryMethod, OperatorOrder, OperatorOrderEvent, OrderLine, OrderStatus, PaymentMethod, Picture } from '@storefront/shared/types';
import type { Queryable } from '../../db/database';
import { toIsoTimestamp } from '../catalogue';
import { canonicalOrderNumber, typedSerialEnding } from './orderNumber';

/**
 * An order as the database holds it, with everything an operator sees; how to pay it and by when
 * come from the shop's settings, and what a shopper sees of it from orderAnswers.ts.
 */
export type StoredOrder = Omit<OperatorOrder, 'eft_payment' | 'pay_by' | 'next_statuses'>;

interface OrderRow {
  id: string;
  number: string;
  status: OrderStatus;
  created_at: Date | string;
  /** Null once the shopper's account was deleted (017_account_deletion): the order stays for the books. */
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
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
  tracking_number: string | null;
  payment_reference: string | null;
  paid_at: Date | string | null;
  lines: OrderLineRow[];
  history: OrderEventRow[];
}

interface OrderEventRow {
  status: OrderStatus;
  at: string;
  note: string | null;
  by: string;
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
    o.tracking_number, o.payment_reference, o.paid_at,
    COALESCE((
      SELECT json_agg(json_build_object('status', e.to_status, 'at', e.at, 'note', e.note, 'by', e.actor) ORDER BY e.id)
      FROM order_events e WHERE e.order_id = o.id
    ), '[]'::json) AS history,
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
    contact: { first_name: row.first_name ?? '', last_name: row.last_name ?? '', email: row.email ?? '', phone: row.phone ?? '' },
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
    tracking_number: row.tracking_number,
    payment_reference: row.payment_reference,
    paid_at: toIsoTimestamp(row.paid_at),
    history: row.history.map(toOrderEvent),
  };
}

function toOrderEvent(row: OrderEventRow): OperatorOrderEvent {
  return { status: row.status, at: new Date(row.at).toISOString(), note: row.note, by: row.by };
}

/** The shopper's own order; another shopper's is as unknown as one that does not exist. */
export async function findOrder(db: Queryable, shopperId: string, orderId: string): Promise<StoredOrder | null> {
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1::uuid AND o.shopper_id = $2`, [orderId, shopperId]);
  const row = rows.rows[0];
  return row ? toOrder(row) : null;
}

/** Any order by its number, for an operator (or the shop's own sweeps). */
export async function findOrderByNumber(db: Queryable, number: string): Promise<StoredOrder | null> {
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.number = $1`, [number]);
  const row = rows.rows[0];
  return row ? toOrder(row) : null;
}

/** Which order an operator's typed number names, or why none. */
export type OperatorNumberMatch =
  | { kind: 'found'; number: string }
  | { kind: 'not_found'; message: string }
  /** A serial more than one order ends in (only if the sequence was ever started again). */
  | { kind: 'ambiguous'; message: string };

/**
 * The stored number an operator means by `typed` (OPERATOR_TYPED_ORDER_NUMBER): a whole number
 * in any case, or a serial alone, which names the order whose number ends in it whatever its
 * year. Two orders with one serial are never guessed between: the operator is asked for the
 * whole number.
 */
export async function matchOperatorOrderNumber(db: Queryable, typed: string): Promise<OperatorNumberMatch> {
  const ending = typedSerialEnding(typed);
  const shown = ending === null ? canonicalOrderNumber(typed) : typed.trim();
  // The ending is digits only, so it holds no LIKE wildcard; `_` stands for the year's digits.
  const rows =
    ending === null
      ? await db.query<{ number: string }>('SELECT number FROM orders WHERE number = $1', [shown])
      : await db.query<{ number: string }>("SELECT number FROM orders WHERE number LIKE 'JAC-____-' || $1 ORDER BY number LIMIT 3", [ending]);
  const [first, ...others] = rows.rows.map((row) => row.number);
  if (first === undefined) return { kind: 'not_found', message: `No order ${shown}.` };
  if (others.length > 0) {
    return { kind: 'ambiguous', message: `number: more than one order ends in ${ending} (${[first, ...others].join(', ')}): give the whole number.` };
  }
  return { kind: 'found', number: first };
}

/**
 * A guest's look-up: the order with this number, only if it was placed with this email (compared
 * as an address is, case and outer spaces aside). A wrong email finds nothing, as an unknown number does.
 */
export async function findOrderByNumberAndEmail(db: Queryable, number: string, email: string): Promise<StoredOrder | null> {
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.number = $1 AND lower(o.email) = lower($2)`, [number, email.trim()]);
  const row = rows.rows[0];
  return row ? toOrder(row) : null;
}

/** The shopper's orders, newest first. */
export async function listOrders(db: Queryable, shopperId: string): Promise<StoredOrder[]> {
  const rows = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.shopper_id = $1 ORDER BY o.created_at DESC, o.number DESC`, [shopperId]);
  return rows.rows.map(toOrder);
}
