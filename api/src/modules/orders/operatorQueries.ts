import { fromCents } from '@storefront/shared/domain';
import type { DeliveryMethod, OperatorOrderPage, OperatorSummary, OrderStatus, PaymentMethod } from '@storefront/shared/types';
import { stringify } from 'csv-stringify/sync';
import type { Queryable } from '../../db/database';
import { toIsoTimestamp } from '../catalogue';

/** Orders on one page of the operator's list. */
export const OPERATOR_PAGE_SIZE = 25;
/** Rows one CSV export holds at most (newest first): a year of a busy small shop. */
export const CSV_EXPORT_MAX_ROWS = 50_000;

export interface OrderFilter {
  status?: OrderStatus;
  /** Part of the order number, the email, or the shopper's name. */
  q?: string;
}

/** `text` matched literally inside LIKE: its own % and _ are not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The WHERE clause and its parameters for `filter`. */
function whereOf(filter: OrderFilter): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.status) {
    params.push(filter.status);
    conditions.push(`o.status = $${params.length}`);
  }
  const q = filter.q?.trim().replace(/\s+/g, ' ');
  if (q) {
    params.push(likePattern(q));
    const p = `$${params.length}`;
    conditions.push(`(o.number ILIKE ${p} OR o.email ILIKE ${p} OR (o.first_name || ' ' || o.last_name) ILIKE ${p})`);
  }
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

interface RowOfList {
  id: string;
  number: string;
  status: OrderStatus;
  created_at: Date | string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  delivery_method: DeliveryMethod;
  payment_method: PaymentMethod;
  total_cents: number;
  total_count: number;
}

/** One page of every order matching `filter`, newest first. */
export async function listOrdersForOperator(db: Queryable, filter: OrderFilter, page: number): Promise<OperatorOrderPage> {
  const { where, params } = whereOf(filter);
  const rows = await db.query<RowOfList>(
    `SELECT o.id::text AS id, o.number, o.status, o.created_at, o.first_name, o.last_name, o.email,
       o.delivery_method, o.payment_method, o.total_cents::float8 AS total_cents, count(*) OVER ()::int AS total_count
     FROM orders o ${where}
     ORDER BY o.created_at DESC, o.number DESC
     LIMIT ${OPERATOR_PAGE_SIZE} OFFSET $${params.length + 1}`,
    [...params, (page - 1) * OPERATOR_PAGE_SIZE],
  );
  let totalCount = rows.rows[0]?.total_count;
  if (totalCount === undefined) {
    // A page past the end still says how many there are.
    const counted = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM orders o ${where}`, params);
    totalCount = counted.rows[0]?.count ?? 0;
  }
  return {
    orders: rows.rows.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      created_at: toIsoTimestamp(row.created_at) ?? '',
      name: row.first_name === null ? '' : `${row.first_name} ${row.last_name ?? ''}`.trim(),
      email: row.email ?? '',
      delivery_method: row.delivery_method,
      payment_method: row.payment_method,
      total: fromCents(row.total_cents),
    })),
    page,
    per_page: OPERATOR_PAGE_SIZE,
    total_count: totalCount,
  };
}

/**
 * Where today and this month began in the shop's time zone. Africa/Johannesburg is UTC+2 all
 * year (no daylight saving since 1944), so the boundaries are worked out here rather than with
 * the database's time zone data.
 */
export function shopPeriodStarts(now: Date): { day: Date; month: Date } {
  const offsetMs = 2 * 60 * 60 * 1000;
  const local = new Date(now.getTime() + offsetMs);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMs;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offsetMs;
  return { day: new Date(day), month: new Date(month) };
}

/** Money in today and this month: orders paid in the period and not cancelled since. */
export async function paidTotals(db: Queryable, now = new Date()): Promise<OperatorSummary> {
  const { day, month } = shopPeriodStarts(now);
  const rows = await db.query<{ today_count: number; today_cents: number; month_count: number; month_cents: number }>(
    `SELECT count(*) FILTER (WHERE paid_at >= $1)::int AS today_count,
       COALESCE(sum(total_cents) FILTER (WHERE paid_at >= $1), 0)::float8 AS today_cents,
       count(*)::int AS month_count,
       COALESCE(sum(total_cents), 0)::float8 AS month_cents
     FROM orders WHERE paid_at >= $2 AND paid_at <= $3 AND status <> 'cancelled'`,
    [day, month, now],
  );
  const row = rows.rows[0] ?? { today_count: 0, today_cents: 0, month_count: 0, month_cents: 0 };
  return {
    today: { count: row.today_count, total: fromCents(row.today_cents) },
    month: { count: row.month_count, total: fromCents(row.month_cents) },
  };
}

const CSV_COLUMNS = [
  'number',
  'placed_at',
  'status',
  'first_name',
  'last_name',
  'email',
  'phone',
  'delivery_method',
  'payment_method',
  'payment_reference',
  'paid_at',
  'tracking_number',
  'subtotal',
  'delivery',
  'vat',
  'total',
] as const;

type CsvRow = Record<(typeof CSV_COLUMNS)[number], string | number | Date | null>;

/**
 * A cell a shopper or operator typed, made safe to open in a spreadsheet: text that starts like a
 * formula (=, +, -, @, a tab or a carriage return) is kept as text with a leading apostrophe
 * (OWASP's CSV injection advice).
 */
export function spreadsheetSafe(value: string | null): string {
  if (value === null) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Amounts as the bookkeeper's spreadsheet reads them: Rand with two decimals, no symbol. */
function rand(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Every order matching `filter` as CSV (newest first, at most CSV_EXPORT_MAX_ROWS). */
export async function ordersCsv(db: Queryable, filter: OrderFilter): Promise<string> {
  const { where, params } = whereOf(filter);
  const rows = await db.query<CsvRow & { subtotal: number; delivery: number; vat: number; total: number }>(
    `SELECT o.number, o.created_at AS placed_at, o.status, o.first_name, o.last_name, o.email, o.phone,
       o.delivery_method, o.payment_method, o.payment_reference, o.paid_at, o.tracking_number,
       o.subtotal_cents::float8 AS subtotal, o.delivery_cents::float8 AS delivery, o.vat_cents::float8 AS vat,
       o.total_cents::float8 AS total
     FROM orders o ${where}
     ORDER BY o.created_at DESC, o.number DESC
     LIMIT ${CSV_EXPORT_MAX_ROWS}`,
    params,
  );
  const records = rows.rows.map((row) => [
    row.number,
    toIsoTimestamp(row.placed_at as Date | string),
    row.status,
    spreadsheetSafe(row.first_name as string | null),
    spreadsheetSafe(row.last_name as string | null),
    spreadsheetSafe(row.email as string | null),
    row.phone ?? '',
    row.delivery_method,
    row.payment_method,
    spreadsheetSafe(row.payment_reference as string | null),
    toIsoTimestamp(row.paid_at as Date | string | null) ?? '',
    spreadsheetSafe(row.tracking_number as string | null),
    rand(row.subtotal),
    rand(row.delivery),
    rand(row.vat),
    rand(row.total),
  ]);
  return stringify(records, { header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows' });
}
