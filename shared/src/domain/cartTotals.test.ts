import { cartCount, cartSubtotal, cartTotal, DELIVERY_FEE } from './cartTotals';

const lines = [
  { price: 199.99, qty: 2 },
  { price: 0.1, qty: 3 },
];

describe('cart totals', () => {
  it('sums price times quantity without float drift', () => {
    expect(cartSubtotal(lines)).toBe(400.28);
    expect(cartTotal(lines)).toBe(400.28);
  });

  it('adds the flat 99.99 when delivery is chosen', () => {
    expect(DELIVERY_FEE).toBe(99.99);
    expect(cartTotal(lines, true)).toBe(500.27);
  });

  it('is zero for an empty cart, and delivery alone when flagged', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartTotal([], true)).toBe(99.99);
  });

  it('counts items as the sum of quantities', () => {
    expect(cartCount(lines)).toBe(5);
    expect(cartCount([])).toBe(0);
  });
});
