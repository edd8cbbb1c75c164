import { randomUUID } from 'node:crypto';
import { effectivePrice, orderTotalsInCents, toCents } from '@storefront/shared/domain';
import type { Picture, PlaceOrderRequest, ShortLine } from '@storefront/shared/types';
import type { Database, Queryable, Transaction } from '../../db/database';
import type { WindowLimit } from '../../limits';
import { ensureShopper } from '../../plugins/shopper';
import type { UnpaidOrderLimits } from '../../options';
import { picturesSql, toIsoTimestamp } from '../catalogue';
import { findOrder, type StoredOrder } from './orderQueries';
import { formatOrderNumber } from './orderNumber';
import { requestDigest } from './requestDigest';

export type PlaceOrderOutcome =
  | { kind: 'created'; order: StoredOrder }
  /** The same key and body came before: the order it made, unchanged. */
  | { kind: 'replayed'; order: StoredOrder }
  /** The same key came before with another body. */
  | { kind: 'key_reused' }
  | { kind: 'empty_cart' }
  | { kind: 'insufficient_stock'; lines: ShortLine[] }
  /** EFT was asked for, and the shop has no bank account set. */
  | { kind: 'eft_unavailable' }
  /** The shopper already holds as many unpaid orders as allowed. */
  | { kind: 'too_many_unpaid_orders'; limit: number }
  /** The client address has placed as many orders as allowed in the window; the oldest of them leaves it in `retryAfterSeconds`. */
  | { kind: 'too_many_orders_from_address'; limit: WindowLimit; retryAfterSeconds: number };

type Refusal = Exclude<PlaceOrderOutcome, { kind: 'created' | 'replayed' }>;

/** Thrown inside the transaction so that it rolls back; turned back into an outcome outside. */
class OrderRefused extends Error {
  constructor(readonly outcome: Refusal) {
    super(outcome.kind);
    this.name = 'OrderRefused';
  }
}

interface LockedCartLine {
  key: string;
  product_id: string;
  colour: string | null;
  size: string | null;
  colour_code: string | null;
  qty: number;
}

interface LockedProduct {
  id: string;
  stock: number;
}

interface ProductDetails {
  id: string;
  link: string;
  name: string;
  price: number;
  on_sale_price: number | null;
  on_sale_until: Date | string | null;
  small_pictures: Picture[];
}

export interface PlaceOrderInput {
  shopperId: string;
  /** The client's address as clientAddressKey gives it. */
  clientAddress: string;
  idempotencyKey: string;
  request: PlaceOrderRequest;
  /** Whether the shop takes EFT (it has a bank account set). */
  eftOffered: boolean;
  unpaidOrderLimits: UnpaidOrderLimits;
  /**
   * Runs in the order's own transaction once it is written (its confirmation mail goes into the
   * outbox there), so the order and its mail commit together or not at all. A replay runs nothing.
   */
  onPlaced?: (tx: Transaction, order: StoredOrder) => Promise<void>;
}

/**
 * Orders that hold stock before anyone at the shop has touched them: an unpaid EFT order, or a
 * cash order not yet packed. Paying, packing, cancelling or expiry frees a place (the partial
 * index orders_unpaid_shopper_id_idx lists the same two).
 */
const UNPAID_STATUSES = ['awaiting_payment', 'placed'];

/** Advisory lock namespaces (the two-key form), so a shopper's key never collides with an address's. */
const SHOPPER_LOCK_SPACE = 27_001;
const ADDRESS_LOCK_SPACE = 27_002;

/**
 * Refuses a new order when the shopper already holds `perShopper` unpaid orders, or when the
 * client address has placed `placedPerAddress.max` orders in its window: without them, a script
 * could take the whole catalogue's stock and never pay, with one cookie or with a fresh cookie
 * for each order. The address is held to a rate, not to a number of unpaid orders held, because
 * a carrier puts many shoppers behind one address: a busy address waits a little, and an
 * address is never closed for as long as its orders stay unpaid.
 *
 * The counts are made under locks on both keys (always shopper, then address, so two checkouts
 * never wait on each other in a circle), held until the order commits, so a burst of checkouts
 * cannot all pass them. The window slides: it counts the orders whose `created_at` (the time
 * insertOrder gives them, from the same clock as `now`) falls within it.
 */
async function checkUnpaidOrders(tx: Queryable, { shopperId, clientAddress, unpaidOrderLimits }: PlaceOrderInput, now: Date): Promise<Refusal | null> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SHOPPER_LOCK_SPACE, shopperId]);
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ADDRESS_LOCK_SPACE, clientAddress]);
  const { perShopper, placedPerAddress } = unpaidOrderLimits;
  const counts = await tx.query<{ by_shopper: number; address_wait: number | null }>(
    `SELECT (SELECT count(*) FROM orders WHERE shopper_id = $1 AND status = ANY($3::text[]))::int AS by_shopper,
            (SELECT EXTRACT(EPOCH FROM o.created_at + make_interval(secs => $5) - $4::timestamptz)::float8 FROM orders o
               WHERE o.client_address = $2 AND o.created_at > $4::timestamptz - make_interval(secs => $5)
               ORDER BY o.created_at DESC OFFSET $6 - 1 LIMIT 1) AS address_wait`,
    [shopperId, clientAddress, UNPAID_STATUSES, now, placedPerAddress.windowSeconds, placedPerAddress.max],
  );
  const { by_shopper: byShopper = 0, address_wait: addressWait = null } = counts.rows[0] ?? {};
  if (byShopper >= perShopper) return { kind: 'too_many_unpaid_orders', limit: perShopper };
  if (addressWait !== null) {
    return { kind: 'too_many_orders_from_address', limit: placedPerAddress, retryAfterSeconds: Math.max(1, Math.ceil(Number(addressWait))) };
  }
  return null;
}

/**
 * Claims the key before anything else. A concurrent request with the same key blocks here on
 * the primary key until the first commits (then finds its order) or rolls back (then goes on).
 */
async function claimKey(tx: Queryable, { shopperId, idempotencyKey }: PlaceOrderInput, digest: string): Promise<PlaceOrderOutcome | null> {
  const claimed = await tx.query(
    `INSERT INTO order_idempotency_keys (shopper_id, key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT (shopper_id, key) DO NOTHING RETURNING key`,
    [shopperId, idempotencyKey, digest],
  );
  if (claimed.rows.length > 0) return null;
  const earlier = await tx.query<{ request_hash: string; order_id: string | null }>(
    'SELECT request_hash, order_id::text AS order_id FROM order_idempotency_keys WHERE shopper_id = $1 AND key = $2',
    [shopperId, idempotencyKey],
  );
  const row = earlier.rows[0];
  if (!row || row.request_hash !== digest) return { kind: 'key_reused' };
  const order = row.order_id ? await findOrder(tx, shopperId, row.order_id) : null;
  // A committed key always has its order; if it ever had none, saying "reused" beats a second order.
  return order ? { kind: 'replayed', order } : { kind: 'key_reused' };
}

/**
 * Locks the shopper's lines (so a parallel checkout of the same cart waits and then finds it
 * empty), then the products, always in id order so two checkouts never wait on each other in a
 * circle. NO KEY UPDATE still lets cart inserts check their foreign key against the product.
 */
async function lockCartAndStock(tx: Queryable, shopperId: string) {
  const lines = await tx.query<LockedCartLine>(
    `SELECT l.key, l.product_id, l.colour, l.size, co.code AS colour_code, l.qty
     FROM cart_lines l LEFT JOIN colours co ON co.name = l.colour
     WHERE l.shopper_id = $1
     ORDER BY l.created_at, l.key
     FOR UPDATE OF l`,
    [shopperId],
  );
  const productIds = [...new Set(lines.rows.map((line) => line.product_id))].sort();
  // An unpublished product (the shop took it off sale) has none to sell.
  const products = await tx.query<LockedProduct>(
    'SELECT id, CASE WHEN published THEN stock ELSE 0 END AS stock FROM products WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE',
    [productIds],
  );
  // A product the shop counts by colour and size (product_variants) sells each from its own count.
  const variants = await tx.query<LockedVariant>(
    'SELECT product_id, colour, size, stock FROM product_variants WHERE product_id = ANY($1::text[]) ORDER BY sku FOR NO KEY UPDATE',
    [productIds],
  );
  return {
    lines: lines.rows,
    stock: new Map(products.rows.map((row) => [row.id, row.stock])),
    variantStock: new Map(variants.rows.map((row) => [variantKey(row), row.stock])),
  };
}

interface LockedVariant {
  product_id: string;
  colour: string | null;
  size: string | null;
  stock: number;
}

const variantKey = (line: { product_id: string; colour: string | null; size: string | null }) => JSON.stringify([line.product_id, line.colour, line.size]);

function requestedByProduct(lines: readonly LockedCartLine[]): Map<string, number> {
  const requested = new Map<string, number>();
  for (const line of lines) requested.set(line.product_id, (requested.get(line.product_id) ?? 0) + line.qty);
  return requested;
}

function requestedByVariant(lines: readonly LockedCartLine[]): Map<string, number> {
  const requested = new Map<string, number>();
  for (const line of lines) requested.set(variantKey(line), (requested.get(variantKey(line)) ?? 0) + line.qty);
  return requested;
}

/** The lines that ask for more than there is: of the product in all, or of their own colour and size where the shop counts those. */
function shortLines(
  lines: readonly LockedCartLine[],
  stock: ReadonlyMap<string, number>,
  variantStock: ReadonlyMap<string, number>,
  names: ReadonlyMap<string, string>,
): ShortLine[] {
  const requested = requestedByProduct(lines);
  const byVariant = requestedByVariant(lines);
  return lines.flatMap((line) => {
    const own = variantStock.get(variantKey(line));
    const productShort = (requested.get(line.product_id) ?? 0) > (stock.get(line.product_id) ?? 0);
    const variantShort = own !== undefined && (byVariant.get(variantKey(line)) ?? 0) > own;
    if (!productShort && !variantShort) return [];
    return [
      {
        id: line.key,
        product_id: line.product_id,
        name: names.get(line.product_id) ?? line.product_id,
        requested: variantShort ? (byVariant.get(variantKey(line)) ?? line.qty) : (requested.get(line.product_id) ?? line.qty),
        available: Math.max(0, variantShort ? Math.min(own, stock.get(line.product_id) ?? 0) : (stock.get(line.product_id) ?? 0)),
      },
    ];
  });
}

async function readProducts(tx: Queryable, ids: readonly string[]): Promise<Map<string, ProductDetails>> {
  const rows = await tx.query<ProductDetails>(
    `SELECT p.id, p.link, p.name, p.price::float8 AS price, p.on_sale_price::float8 AS on_sale_price, p.on_sale_until,
       ${picturesSql('p', 'small')} AS small_pictures
     FROM products p WHERE p.id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.rows.map((row) => [row.id, row]));
}

/**
 * Takes the stock in one conditional statement. The rows are already locked, so it cannot fall
 * short now; the condition (and the table's CHECK (stock >= 0)) make sure it never could.
 */
async function takeStock(tx: Queryable, requested: ReadonlyMap<string, number>): Promise<string[]> {
  const ids = [...requested.keys()];
  const taken = await tx.query<{ id: string }>(
    `UPDATE products p SET stock = p.stock - d.qty
     FROM unnest($1::text[], $2::int[]) AS d(id, qty)
     WHERE p.id = d.id AND p.stock >= d.qty
     RETURNING p.id`,
    [ids, ids.map((id) => requested.get(id) ?? 0)],
  );
  return taken.rows.map((row) => row.id);
}

/** Takes each line's units from its colour and size's own count too, where the shop keeps one (checked above, under lock). */
async function takeVariantStock(tx: Queryable, lines: readonly LockedCartLine[]): Promise<void> {
  const wanted = [...requestedByVariant(lines)].map(([key, qty]) => {
    const [product_id, colour, size] = JSON.parse(key) as [string, string | null, string | null];
    return { product_id, colour, size, qty };
  });
  await tx.query(
    `UPDATE product_variants v SET stock = v.stock - d.qty
     FROM json_to_recordset($1::json) AS d(product_id text, colour text, size text, qty int)
     WHERE v.product_id = d.product_id AND v.colour IS NOT DISTINCT FROM d.colour AND v.size IS NOT DISTINCT FROM d.size`,
    [JSON.stringify(wanted)],
  );
}

async function insertOrder(
  tx: Queryable,
  { shopperId, clientAddress, idempotencyKey, request }: PlaceOrderInput,
  lines: readonly LockedCartLine[],
  products: ReadonlyMap<string, ProductDetails>,
): Promise<string> {
  const now = new Date();
  const priced = lines.map((line) => {
    const product = products.get(line.product_id);
    if (!product) throw new Error(`Product ${line.product_id} vanished while locked`);
    const price = effectivePrice(
      { price: product.price, on_sale_price: product.on_sale_price, on_sale_until: toIsoTimestamp(product.on_sale_until) },
      now,
    );
    return { line, product, price, qty: line.qty, unitCents: toCents(price) };
  });
  const totals = orderTotalsInCents(priced, request.delivery.method);
  const sequence = await tx.query<{ serial: string }>(`SELECT nextval('order_number_seq')::text AS serial`);
  const id = randomUUID();
  const { contact, delivery } = request;
  const address = delivery.method === 'delivery' ? delivery : null;
  const status = request.payment_method === 'eft' ? 'awaiting_payment' : 'placed';
  await tx.query(
    `INSERT INTO orders (id, number, shopper_id, status, first_name, last_name, email, phone,
       delivery_method, street, suburb, city, province, postal_code, payment_method,
       subtotal_cents, delivery_cents, vat_cents, total_cents, created_at, client_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
    [
      id,
      formatOrderNumber(sequence.rows[0]?.serial ?? '0', now),
      shopperId,
      status,
      contact.first_name.trim(),
      contact.last_name.trim(),
      contact.email.trim(),
      contact.phone,
      delivery.method,
      address?.street.trim() ?? null,
      address?.suburb.trim() ?? null,
      address?.city.trim() ?? null,
      address?.province ?? null,
      address?.postal_code ?? null,
      request.payment_method,
      totals.subtotal,
      totals.delivery,
      totals.vat,
      totals.total,
      now,
      clientAddress,
    ],
  );
  // The order's history starts with its placing.
  await tx.query(`INSERT INTO order_events (order_id, from_status, to_status, at, actor) VALUES ($1::uuid, NULL, $2, $3, 'shop')`, [
    id,
    status,
    now,
  ]);
  for (const [position, { line, product, unitCents }] of priced.entries()) {
    await tx.query(
      `INSERT INTO order_lines (order_id, position, key, product_id, link, name, colour, size, colour_code, picture,
         unit_price_cents, qty, line_total_cents)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13)`,
      [
        id,
        position,
        line.key,
        product.id,
        product.link,
        product.name,
        line.colour,
        line.size,
        line.colour_code,
        // The order line keeps a picture of the colour ordered.
        JSON.stringify(product.small_pictures.find((picture) => picture.colour === line.colour) ?? product.small_pictures[0] ?? null),
        unitCents,
        line.qty,
        unitCents * line.qty,
      ],
    );
  }
  await tx.query('DELETE FROM cart_lines WHERE shopper_id = $1 AND key = ANY($2::text[])', [shopperId, lines.map((line) => line.key)]);
  await tx.query('UPDATE order_idempotency_keys SET order_id = $3 WHERE shopper_id = $1 AND key = $2', [shopperId, idempotencyKey, id]);
  return id;
}

/**
 * POST /orders in one transaction: claim the Idempotency-Key, lock the cart and the stock, check
 * every line, take the stock, write the order at the catalogue's prices, empty the cart. Any
 * refusal rolls all of it back, the key included.
 */
export async function placeOrder(database: Database, input: PlaceOrderInput): Promise<PlaceOrderOutcome> {
  // An unticked newsletter box is the same order as no box: a body without it (as every body was
  // before the box) and one with `false` are one request under one key.
  const { marketingConsent, ...withoutConsent } = input.request;
  const digest = requestDigest(marketingConsent ? input.request : withoutConsent);
  try {
    return await database.transaction(async (tx) => {
      await ensureShopper(tx, input.shopperId);
      const earlier = await claimKey(tx, input, digest);
      if (earlier) return earlier;
      if (input.request.payment_method === 'eft' && !input.eftOffered) throw new OrderRefused({ kind: 'eft_unavailable' });
      const capped = await checkUnpaidOrders(tx, input, new Date());
      if (capped) throw new OrderRefused(capped);

      const { lines, stock, variantStock } = await lockCartAndStock(tx, input.shopperId);
      if (lines.length === 0) throw new OrderRefused({ kind: 'empty_cart' });
      const products = await readProducts(tx, [...stock.keys()]);
      const names = new Map([...products].map(([id, product]) => [id, product.name]));

      const short = shortLines(lines, stock, variantStock, names);
      if (short.length > 0) throw new OrderRefused({ kind: 'insufficient_stock', lines: short });
      const requested = requestedByProduct(lines);
      const taken = await takeStock(tx, requested);
      if (taken.length !== requested.size) {
        // Not reachable while the rows are locked; should it ever be, report the stock as it is now.
        const untaken = [...requested.keys()].filter((id) => !taken.includes(id));
        const current = await tx.query<LockedProduct>('SELECT id, stock FROM products WHERE id = ANY($1::text[])', [untaken]);
        const now = new Map(current.rows.map((row) => [row.id, row.stock]));
        const untakenLines = lines.filter((line) => untaken.includes(line.product_id));
        throw new OrderRefused({ kind: 'insufficient_stock', lines: shortLines(untakenLines, now, new Map(), names) });
      }
      await takeVariantStock(tx, lines);

      const orderId = await insertOrder(tx, input, lines, products);
      const order = await findOrder(tx, input.shopperId, orderId);
      if (!order) throw new Error(`Order ${orderId} was not found right after it was written`);
      await input.onPlaced?.(tx, order);
      return { kind: 'created', order } as const;
    });
  } catch (error) {
    if (error instanceof OrderRefused) return error.outcome;
    throw error;
  }
}
