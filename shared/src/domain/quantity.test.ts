import { clampQuantity } from './quantity';

describe('clampQuantity', () => {
  it('keeps a value inside 1..available stock', () => {
    expect(clampQuantity(3, 10)).toBe(3);
    expect(clampQuantity(15, 10)).toBe(10);
    expect(clampQuantity(0, 10)).toBe(1);
    expect(clampQuantity(-4, 10)).toBe(1);
  });

  it('turns an empty value into 1', () => {
    expect(clampQuantity('', 10)).toBe(1);
    expect(clampQuantity('   ', 10)).toBe(1);
    expect(clampQuantity(null, 10)).toBe(1);
  });

  it('reads typed text', () => {
    expect(clampQuantity('7', 10)).toBe(7);
    expect(clampQuantity('99', 10)).toBe(10);
    expect(clampQuantity('abc', 10)).toBe(1);
  });

  it('cuts fractions', () => {
    expect(clampQuantity(2.7, 10)).toBe(2);
  });

  it('never drops below 1, even with no stock', () => {
    expect(clampQuantity(5, 0)).toBe(1);
  });
});
