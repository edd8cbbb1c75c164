import { fromCents, toCents } from './money';

/** South African VAT. Shelf prices include it. */
export const VAT_RATE = 0.15;

/** The VAT contained in a VAT-inclusive amount: R115.00 holds R15.00. */
export function vatIncluded(inclusiveAmount: number): number {
  return fromCents(Math.round((toCents(inclusiveAmount) * VAT_RATE) / (1 + VAT_RATE)));
}
