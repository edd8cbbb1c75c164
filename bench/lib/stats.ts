/** Small statistics for the benchmark report. */

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** The nearest-rank percentile (p in 0–100) of the values; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/** "1.23×" — how many times `value` is `reference`. */
export function ratio(value: number, reference: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(reference) || reference === 0) return 'n/a';
  return `${(value / reference).toFixed(2)}×`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function ms(value: number, digits = 0): string {
  return Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
}

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}
