/**
 * Prices as shops write them: `1299`, `1299.00`, `1 299,00`, `R1,299.00`, `R 1 299.00`. The last
 * separator followed by one or two digits is the decimal one; the others group thousands and must
 * group them by three. A single separator followed by exactly three digits (`1,299` or `1.299`)
 * could be either, so it is refused rather than guessed.
 */
export type PriceReading = { ok: true; cents: number } | { ok: false; problem: string };

const SPACES = /[\s\u00a0\u2009\u202f]/g;

export function readPrice(written: string): PriceReading {
  const text = written.trim();
  if (text === '') return { ok: false, problem: 'is empty' };
  let digits = text.replace(/^(?:R|ZAR)\s*/i, '').replace(SPACES, ' ').trim();
  if (digits.startsWith('-')) return { ok: false, problem: `is negative ("${written}")` };
  if (!/^[0-9][0-9 .,]*$/.test(digits) || /[ .,]$/.test(digits)) return { ok: false, problem: `is not a price ("${written}"): write it as 1299.00` };
  const separators = [...digits.matchAll(/[.,]/g)];
  let whole = digits;
  let fraction = '';
  const last = separators.at(-1);
  if (last) {
    const after = digits.slice((last.index ?? 0) + 1);
    const kinds = new Set(separators.map((match) => match[0]));
    const decimal = after.length <= 2 && !after.includes(' ');
    if (decimal) {
      whole = digits.slice(0, last.index);
      fraction = after;
      // The decimal separator appears once, and the grouping one (if any) is the other.
      if (whole.includes(last[0])) return { ok: false, problem: `is not a price ("${written}"): "${last[0]}" is used both to group and as the decimal point` };
    } else if (separators.length === 1 && kinds.size === 1 && !digits.includes(' ')) {
      return { ok: false, problem: `is ambiguous ("${written}"): write 1299.00 or 1.30, not ${digits}` };
    } else if (kinds.size > 1) {
      return { ok: false, problem: `is not a price ("${written}")` };
    }
  }
  // What is left groups thousands by spaces, commas or dots, in threes, or does not group at all.
  const groups = whole.split(/[ .,]/);
  if (groups.length > 1 && (!/^[0-9]{1,3}$/.test(groups[0] ?? '') || groups.slice(1).some((group) => !/^[0-9]{3}$/.test(group)))) {
    return { ok: false, problem: `is not a price ("${written}"): thousands are grouped in threes` };
  }
  digits = groups.join('');
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents) || cents > 99_999_999_99) return { ok: false, problem: `is too large ("${written}")` };
  return { ok: true, cents };
}

/** Cents as the file writes them: 1299.00. */
export function writePrice(cents: number): string {
  return (cents / 100).toFixed(2);
}
