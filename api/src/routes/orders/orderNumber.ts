/** The shop trades in South Africa, so an order placed at 00:30 on 1 January SAST is of the new year. */
const SHOP_YEAR = new Intl.DateTimeFormat('en-ZA', { timeZone: 'Africa/Johannesburg', year: 'numeric' });

/**
 * JAC-2026-000123: the shop's prefix, the year in South Africa, and the order sequence padded to
 * six digits (longer once it passes 999999, never cut). Shoppers read it out on the phone and
 * type it as their EFT reference, so it is short and has no ambiguous letters.
 */
/** An order number as shoppers and operators type it: any case, spaces around (schemas take it this way). */
export const TYPED_ORDER_NUMBER = '^\\s*[A-Za-z]{3}-[0-9]{4}-[0-9]{6,12}\\s*$';

/** A typed order number as the shop stores it: upper case, no spaces around. */
export function canonicalOrderNumber(typed: string): string {
  return typed.trim().toUpperCase();
}

export function formatOrderNumber(sequence: bigint | number | string, placedAt: Date): string {
  const serial = BigInt(sequence);
  if (serial < 1n) throw new RangeError(`Order sequence must be positive, got ${serial}`);
  return `JAC-${SHOP_YEAR.format(placedAt)}-${serial.toString().padStart(6, '0')}`;
}
