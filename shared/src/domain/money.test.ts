import { formatRand, toCents } from './money';

describe('formatRand', () => {
  it('prefixes R and shows two decimals', () => {
    expect(formatRand(5)).toBe('R5.00');
    expect(formatRand(19.9)).toBe('R19.90');
  });

  it('separates thousands', () => {
    expect(formatRand(1299.99)).toBe('R1,299.99');
    expect(formatRand(1234567.5)).toBe('R1,234,567.50');
  });

  it('rounds to the cent', () => {
    expect(formatRand(0.1 + 0.2)).toBe('R0.30');
    expect(formatRand(1.006)).toBe('R1.01');
  });

  it('puts the sign before the R for negative amounts', () => {
    expect(formatRand(-10)).toBe('-R10.00');
    expect(formatRand(-0.001)).toBe('R0.00');
  });
});

describe('toCents', () => {
  it('rounds to whole cents', () => {
    expect(toCents(99.99)).toBe(9999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});
