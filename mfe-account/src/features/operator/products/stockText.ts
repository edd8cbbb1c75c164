import type { StockReason } from './productsApi';

export type { StockReason };

export const STOCK_REASON_LABELS: Readonly<Record<StockReason, string>> = {
  received: 'Received',
  counted: 'Counted',
  damaged: 'Damaged or lost',
};

export const STOCK_REASON_ORDER: readonly StockReason[] = ['received', 'counted', 'damaged'];

export const STOCK_NOTE_MAX_LENGTH = 200;
export const STOCK_QUANTITY_MAX = 1_000_000;

/** A change to the stock as the history shows it: "+3", "−2" (a minus sign, not a hyphen), "0". */
export function formatStockChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${Math.abs(change)}`;
  return '0';
}

/** A colour's or size's name, kept in lower case, as the start of a line shows it: "Sea green". */
export function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** A variant by its colour and size, "Black, small"; the product itself when it has neither. */
export function variantName(variant: { colour: string | null; size: string | null }, sizeLabel: (name: string) => string = (name) => name): string {
  const parts = [variant.colour, variant.size === null ? null : sizeLabel(variant.size)].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? capitalised(parts.join(', ')) : 'The product';
}

/** What the quantity means for each reason, said under the field. */
export function quantityHint(reason: StockReason, variant: { stock: number; held: number } | undefined): string {
  const stock = variant?.stock ?? 0;
  const held = variant?.held ?? 0;
  if (reason === 'counted') {
    return `Units on the shelf, counted. Count every unit in the shop, those set aside for orders too: ${held} ${held === 1 ? 'is' : 'are'} held by open orders.`;
  }
  if (reason === 'damaged') return `Units taken off the stock (${stock} in stock now).`;
  return `Units added to the stock (${stock} in stock now).`;
}

/** The quantity's rule: a whole number; at least 1 unless it is a count, which may find none. */
export function quantityProblem(text: string | undefined, reason: StockReason): string | undefined {
  const plain = (text ?? '').replace(/[\s\u00a0\u202f]/g, '');
  if (!plain) return 'Enter the number of units';
  if (!/^\d+$/.test(plain)) return 'Enter a whole number of units, like 12';
  const quantity = Number(plain);
  if (quantity > STOCK_QUANTITY_MAX) return 'Enter at most 1 000 000 units';
  if (quantity === 0 && reason !== 'counted') return 'Enter 1 or more units';
  return undefined;
}
