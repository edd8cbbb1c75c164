/** Amounts are kept in cents while adding, so R0.10 + R0.20 is R0.30 and not R0.30000000000000004. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

const randFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** Rand with the R prefix, two decimals and a comma between thousands: R1,299.90. */
export function formatRand(amount: number): string {
  const formatted = randFormat.format(Math.abs(fromCents(toCents(amount))));
  return amount < 0 && toCents(amount) !== 0 ? `-R${formatted}` : `R${formatted}`;
}
