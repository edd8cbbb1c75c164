import { formatOrderNumber, typedSerialEnding } from './orderNumber';

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

describe('typedSerialEnding', () => {
  test('a serial alone, with or without its zeros, is the ending of the number it names', () => {
    expect(typedSerialEnding('1')).toBe('000001');
    expect(typedSerialEnding(' 123 ')).toBe('000123');
    expect(typedSerialEnding('000123')).toBe('000123');
    expect(typedSerialEnding('0000000123')).toBe('000123');
    expect(typedSerialEnding('1234567')).toBe('1234567');
  });

  test('a whole number, or anything else, is not a serial', () => {
    expect(typedSerialEnding('JAC-2026-000123')).toBeNull();
    expect(typedSerialEnding('12-3')).toBeNull();
    expect(typedSerialEnding('')).toBeNull();
  });
});
