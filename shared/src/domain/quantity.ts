export const MIN_QUANTITY = 1;

/**
 * Clamps a quantity the shopper typed or stepped to: at least 1, at most the available
 * stock; an empty or unreadable value becomes 1. Fractions are cut to whole units.
 */
export function clampQuantity(value: string | number | null | undefined, availableStock: number): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? '').trim(), 10);
  const max = Math.max(MIN_QUANTITY, Math.floor(availableStock));
  if (!Number.isFinite(parsed)) return MIN_QUANTITY;
  return Math.min(max, Math.max(MIN_QUANTITY, Math.trunc(parsed)));
}
