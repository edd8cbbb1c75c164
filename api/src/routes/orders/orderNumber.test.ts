import { formatOrderNumber } from './orderNumber';

describe('formatOrderNumber', () => {
  test('prefix, year and a six-digit serial', () => {
    expect(formatOrderNumber(123, new Date('2026-05-04T10:00:00Z'))).toBe('JAC-2026-000123');
    expect(formatOrderNumber('7', new Date('2026-05-04T10:00:00Z'))).toBe('JAC-2026-000007');
  });

  test('the year is the one in South Africa (UTC+2)', () => {
    expect(formatOrderNumber(1, new Date('2026-12-31T21:59:59Z'))).toBe('JAC-2026-000001');
    expect(formatOrderNumber(1, new Date('2026-12-31T22:00:00Z'))).toBe('JAC-2027-000001');
  });

  test('a serial past 999999 grows instead of being cut', () => {
    expect(formatOrderNumber(1234567n, new Date('2026-05-04T10:00:00Z'))).toBe('JAC-2026-1234567');
  });

  test('refuses a serial below 1', () => {
    expect(() => formatOrderNumber(0, new Date())).toThrow(RangeError);
  });
});
