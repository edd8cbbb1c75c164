import { nextOrderStatuses, refusedOrderMove } from '@storefront/shared/domain';
import type { EftAccount, LookedUpOrder, OperatorOrder, Order, OrderEvent, OrderMoveRequest, OrderStatus } from '@storefront/shared/types';
import type { Database, Transaction } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { orderUpdateMail, type OrderUpdate } from '../../mail/orderUpdateMail';
import { redecideVerifiedBuyers } from '../reviews';
import { findOrderByNumber, type StoredOrder } from './orderQueries';

/** What the shop's settings add to a stored order: where to pay, and for how long. */
export interface OrderTerms {
  eft: EftAccount | null;
  /** How long an EFT order waits for its payment before it expires. */
  paymentWindowHours: number;
}

/** The reminder goes this long before the window closes. */
export const PAYMENT_REMINDER_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;

/** Notes a shopper sees in the history: the tracking number and the reason for cancelling; the rest are the shop's. */
const SHOPPER_NOTES: readonly OrderStatus[] = ['shipped', 'cancelled'];

function payBy(order: StoredOrder, terms: OrderTerms): string | null {
  if (order.status !== 'awaiting_payment') return null;
  return new Date(Date.parse(order.created_at) + terms.paymentWindowHours * HOUR_MS).toISOString();
}

/** The order as its shopper sees it. */
export function shopperOrder(order: StoredOrder, terms: OrderTerms): Order {
  const { payment_reference: _reference, paid_at: _paidAt, history, ...rest } = order;
  return {
    ...rest,
    eft_payment: order.payment_method === 'eft' && terms.eft ? { ...terms.eft, reference: order.number } : null,
    pay_by: payBy(order, terms),
    history: history.map(({ status, at, note }): OrderEvent => ({ status, at, note: SHOPPER_NOTES.includes(status) ? note : null })),
  };
}

/** How many of the phone number's last digits a look-up shows. */
const PHONE_ENDING_DIGITS = 4;

/**
 * The order as a look-up by number and email shows it: as its shopper sees it, less the street,
 * suburb, postal code and all but the phone's last digits. Numbers follow one sequence, so whoever
 * knows an email can try them in turn; the town and "ending 4567" are enough to recognise an order.
 */
export function lookedUpOrder(order: StoredOrder, terms: OrderTerms): LookedUpOrder {
  const { contact, address, ...rest } = shopperOrder(order, terms);
  return {
    ...rest,
    contact: { phone_ending: contact.phone.slice(-PHONE_ENDING_DIGITS) },
    address: address ? { city: address.city } : null,
  };
}

/** The order as an operator sees it: who made each change, the payment reference, and where it can go next. */
export function operatorOrder(order: StoredOrder, terms: OrderTerms): OperatorOrder {
  return {
    ...order,
    eft_payment: order.payment_method === 'eft' && terms.eft ? { ...terms.eft, reference: order.number } : null,
    pay_by: payBy(order, terms),
    next_statuses: nextOrderStatuses(order),
  };
}

export type MoveOutcome =
  | { kind: 'moved'; order: StoredOrder }
  | { kind: 'not_found' }
  /** The move is not one the order's state allows (the message says why). */
  | { kind: 'refused'; message: string }
  /** A field the move needs is missing, or one it does not take was given. */
  | { kind: 'bad_field'; field: 'reference' | 'tracking' | 'reason'; message: string };

/** What each move takes besides `to`: fields it needs and fields it allows. */
function fieldProblem(move: OrderMoveRequest): Extract<MoveOutcome, { kind: 'bad_field' }> | null {
  if (move.to === 'paid' && !move.reference?.trim()) {
    return { kind: 'bad_field', field: 'reference', message: "reference: give the bank's reference for the payment to mark the order paid." };
  }
  if (move.to === 'cancelled' && !move.reason?.trim()) {
    return { kind: 'bad_field', field: 'reason', message: 'reason: say why the order is cancelled; the shopper is told.' };
  }
  if (move.reference !== undefined && move.to !== 'paid') {
    return { kind: 'bad_field', field: 'reference', message: 'reference: a payment reference is given only when marking an order paid.' };
  }
  if (move.tracking !== undefined && move.to !== 'shipped') {
    return { kind: 'bad_field', field: 'tracking', message: 'tracking: a tracking number is given only when shipping an order.' };
  }
  if (move.reason !== undefined && move.to !== 'cancelled') {
    return { kind: 'bad_field', field: 'reason', message: 'reason: a reason is given only when cancelling an order.' };
  }
  return null;
}

/** The mail a change sends its shopper, if any. */
function updateFor(to: OrderStatus, note: string | null): OrderUpdate | null {
  switch (to) {
    case 'paid':
    case 'shipped':
    case 'ready_for_collection':
    case 'expired':
      return { kind: to };
    case 'cancelled':
      return { kind: 'cancelled', reason: note ?? '' };
    default:
      return null;
  }
}

export interface ChangeContext {
  terms: OrderTerms;
  mail: Mailer;
  storefrontUrl: string;
}

/**
 * Moves a locked order to `to` in `tx`: its state, what the move records (reference, tracking,
 * when paid), its stock given back when it no longer holds it, a row in its history, and the
 * shopper's mail, sent only once the change commits.
 */
async function changeStatus(
  tx: Transaction,
  order: StoredOrder,
  to: OrderStatus,
  { actor, note, reference, tracking }: { actor: string; note: string | null; reference?: string; tracking?: string },
  context: ChangeContext,
): Promise<StoredOrder> {
  // Cash comes in at the door or the counter; an EFT payment when the operator sees it.
  const paidNow = to === 'paid' || (order.payment_method === 'cod' && (to === 'delivered' || to === 'collected'));
  await tx.query(
    `UPDATE orders SET status = $2,
       payment_reference = COALESCE($3, payment_reference),
       tracking_number = COALESCE($4, tracking_number),
       paid_at = CASE WHEN $5::boolean THEN clock_timestamp() ELSE paid_at END
     WHERE id = $1::uuid`,
    [order.id, to, reference ?? null, tracking ?? null, paidNow],
  );
  // The money that makes a verified buyer came in, or (cancelling a paid order) went back.
  if (paidNow || (to === 'cancelled' && order.paid_at !== null)) await redecideVerifiedBuyers(tx, order.id);
  if (to === 'cancelled' || to === 'expired') {
    // Back on the shelf in the same transaction: the units were taken when the order was placed.
    await tx.query(
      `UPDATE products p SET stock = p.stock + l.qty
       FROM (SELECT product_id, SUM(qty)::int AS qty FROM order_lines WHERE order_id = $1::uuid GROUP BY product_id) l
       WHERE p.id = l.product_id`,
      [order.id],
    );
    // And to each colour and size's own count, where the shop keeps one.
    await tx.query(
      `UPDATE product_variants v SET stock = v.stock + l.qty
       FROM (SELECT product_id, colour, size, SUM(qty)::int AS qty FROM order_lines WHERE order_id = $1::uuid GROUP BY product_id, colour, size) l
       WHERE v.product_id = l.product_id AND v.colour IS NOT DISTINCT FROM l.colour AND v.size IS NOT DISTINCT FROM l.size`,
      [order.id],
    );
  }
  await tx.query('INSERT INTO order_events (order_id, from_status, to_status, actor, note) VALUES ($1::uuid, $2, $3, $4, $5)', [
    order.id,
    order.status,
    to,
    actor,
    note,
  ]);
  const moved = await findOrderByNumber(tx, order.number);
  if (!moved) throw new Error(`Order ${order.number} vanished while locked`);
  const update = updateFor(to, note);
  // An order whose shopper deleted their account has no address to write to.
  if (update && moved.contact.email) {
    await context.mail.send(tx, { to: moved.contact.email, ...orderUpdateMail(shopperOrder(moved, context.terms), update, context.storefrontUrl, context.mail.shop) });
  }
  return moved;
}

/** Locks the order row for the rest of the transaction, so two moves of one order go one after the other. */
async function lockOrder(tx: Transaction, number: string): Promise<StoredOrder | null> {
  const locked = await tx.query('SELECT 1 FROM orders WHERE number = $1 FOR UPDATE', [number]);
  if (locked.rows.length === 0) return null;
  return findOrderByNumber(tx, number);
}

/**
 * An operator's (or the command line's) move of an order. Refused moves change nothing; an
 * accepted one is recorded with `actor` and the note the move carries.
 */
export async function moveOrder(database: Database, number: string, move: OrderMoveRequest, actor: string, context: ChangeContext): Promise<MoveOutcome> {
  return database.transaction(async (tx) => {
    const order = await lockOrder(tx, number);
    if (!order) return { kind: 'not_found' } as const;
    const refused = refusedOrderMove(order, move.to);
    if (refused) return { kind: 'refused', message: refused } as const;
    const problem = fieldProblem(move);
    if (problem) return problem;
    const reference = move.reference?.trim();
    const tracking = move.tracking?.trim();
    const reason = move.reason?.trim();
    const note = reason ?? tracking ?? reference ?? null;
    const moved = await changeStatus(tx, order, move.to, { actor, note, reference, tracking }, context);
    return { kind: 'moved', order: moved } as const;
  });
}

/** Orders one sweep expires or reminds at most, each in its own short transaction. */
const SWEEP_BATCH = 100;

/**
 * Expires EFT orders whose payment window has passed: each gives its stock back and its shopper
 * is mailed. Orders another process holds at the moment are left for the next sweep.
 */
export async function expireUnpaidOrders(database: Database, context: ChangeContext): Promise<number> {
  let expired = 0;
  for (let index = 0; index < SWEEP_BATCH; index += 1) {
    const done = await database.transaction(async (tx) => {
      const due = await tx.query<{ number: string }>(
        `SELECT number FROM orders
         WHERE status = 'awaiting_payment' AND created_at <= clock_timestamp() - make_interval(hours => $1)
         ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [context.terms.paymentWindowHours],
      );
      const number = due.rows[0]?.number;
      if (!number) return false;
      const order = await findOrderByNumber(tx, number);
      if (!order) return false;
      await changeStatus(tx, order, 'expired', { actor: 'shop', note: null }, context);
      return true;
    });
    if (!done) break;
    expired += 1;
  }
  return expired;
}

/**
 * Mails the shopper of each EFT order whose payment window closes within a day, once. A window
 * of a day or less has no reminder: the confirmation said when it closes.
 */
export async function remindUnpaidOrders(database: Database, context: ChangeContext): Promise<number> {
  const { paymentWindowHours } = context.terms;
  if (paymentWindowHours <= PAYMENT_REMINDER_HOURS) return 0;
  let reminded = 0;
  for (let index = 0; index < SWEEP_BATCH; index += 1) {
    const done = await database.transaction(async (tx) => {
      const due = await tx.query<{ number: string }>(
        `UPDATE orders SET payment_reminder_sent_at = clock_timestamp()
         WHERE id = (
           SELECT id FROM orders
           WHERE status = 'awaiting_payment' AND payment_reminder_sent_at IS NULL
             AND created_at <= clock_timestamp() - make_interval(hours => $1)
             AND created_at > clock_timestamp() - make_interval(hours => $2)
           ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING number`,
        [paymentWindowHours - PAYMENT_REMINDER_HOURS, paymentWindowHours],
      );
      const number = due.rows[0]?.number;
      if (!number) return false;
      const order = await findOrderByNumber(tx, number);
      if (order?.contact.email) {
        await context.mail.send(tx, {
          to: order.contact.email,
          ...orderUpdateMail(shopperOrder(order, context.terms), { kind: 'payment_reminder' }, context.storefrontUrl, context.mail.shop),
        });
      }
      return true;
    });
    if (!done) break;
    reminded += 1;
  }
  return reminded;
}
