import { formatLongDate } from './longDate';

describe('formatLongDate', () => {
  const intl = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric' });

  it('writes the day, the month in full and the year', () => {
    expect(formatLongDate(new Date(2026, 0, 5))).toBe('5 January 2026');
    expect(formatLongDate(new Date(2026, 11, 31, 23, 59))).toBe('31 December 2026');
  });

  it('writes every day of two years as the en-ZA formatter does', () => {
    for (let day = 0; day < 731; day += 1) {
      const date = new Date(2025, 0, 1 + day, 13);
      expect(formatLongDate(date)).toBe(intl.format(date));
    }
  });

  it('gives an empty string for an invalid date instead of throwing', () => {
    expect(formatLongDate(new Date('not a date'))).toBe('');
  });
});
