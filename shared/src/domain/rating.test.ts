import { ratingBarWidth } from './rating';

describe('ratingBarWidth', () => {
  it('is 20 percent a point', () => {
    expect(ratingBarWidth(0)).toBe('0%');
    expect(ratingBarWidth(1)).toBe('20%');
    expect(ratingBarWidth(3.5)).toBe('70%');
    expect(ratingBarWidth(5)).toBe('100%');
  });

  it('keeps the bar inside 0 to 100 percent', () => {
    expect(ratingBarWidth(7)).toBe('100%');
    expect(ratingBarWidth(-1)).toBe('0%');
    expect(ratingBarWidth(Number.NaN)).toBe('0%');
  });

  it('does not print float noise', () => {
    expect(ratingBarWidth(4.33)).toBe('86.6%');
  });
});
