/** Amounts are kept in cents while adding, so R0.10 + R0.20 is R0.30 and not R0.30000000000000004. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Rand with the R prefix, two decimals and a comma between thousands: R1,299.90.
 *
 * Written out rather than with Intl.NumberFormat: creating the first Intl formatter of a page
 * loads the browser's locale data, 70–100 ms of main-thread time on a throttled phone while the
 * first screen is already showing (bench section 2), for a format that needs none of it.
 */
export function formatRand(amount: number): string {
  const cents = Math.abs(toCents(amount));
  const rands = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = amount < 0 && cents !== 0 ? '-' : '';
  return `${sign}R${rands}.${String(cents % 100).padStart(2, '0')}`;
}
