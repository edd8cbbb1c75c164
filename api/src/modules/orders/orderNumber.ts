/** The shop trades in South Africa, so an order placed at 00:30 on 1 January SAST is of the new year. */
const SHOP_YEAR = new Intl.DateTimeFormat('en-ZA', { timeZone: 'Africa/Johannesburg', year: 'numeric' });

/**
 * An order number as an operator types it: whole (as the contracts' TYPED_ORDER_NUMBER), or its
 * serial alone (`123`, `000123`). The sequence is one for all years, so a serial names one order.
 */
export const OPERATOR_TYPED_ORDER_NUMBER = '^\\s*(?:[A-Za-z]{3}-[0-9]{4}-[0-9]{6,12}|[0-9]{1,12})\\s*$';

/** A typed order number as the shop stores it: upper case, no spaces around. */
export function canonicalOrderNumber(typed: string): string {
  return typed.trim().toUpperCase();
}

/** The serial as an order number ends in it: at least six digits, zero-padded. */
function serialDigits(serial: bigint): string {
  return serial.toString().padStart(6, '0');
}

/**
 * How an order number ends when `typed` is a serial alone (`7`, `000123`): `000007`, `000123`;
 * null when it is not one.
 */
export function typedSerialEnding(typed: string): string | null {
  const digits = typed.trim();
  return /^[0-9]{1,12}$/.test(digits) ? serialDigits(BigInt(digits)) : null;
}

/**
 * JAC-2026-000123: the shop's prefix, the year in South Africa, and the order sequence padded to
 * six digits (longer once it passes 999999, never cut). Shoppers read it out on the phone and
 * type it as their EFT reference, so it is short and has no ambiguous letters.
 */
export function formatOrderNumber(sequence: bigint | number | string, placedAt: Date): string {
  const serial = BigInt(sequence);
  if (serial < 1n) throw new RangeError(`Order sequence must be positive, got ${serial}`);
  return `JAC-${SHOP_YEAR.format(placedAt)}-${serialDigits(serial)}`;
}
