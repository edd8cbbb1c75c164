import { median, percentile, ratio } from './stats';

describe('benchmark statistics', () => {
  it('takes the middle value, and the nearest rank for percentiles', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(percentile([], 50)).toBeNaN();
  });

  it('writes ratios side by side, and n/a when there is no reference', () => {
    expect(ratio(150, 100)).toBe('1.50×');
    expect(ratio(1, 0)).toBe('n/a');
  });
});
