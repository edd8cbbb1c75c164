import { cartTotal } from './cartTotals';
import { orderTotals, orderTotalsInCents } from './orderTotals';
import { vatIncluded } from './vat';

const lines = [
  { price: 199.99, qty: 2 },
  { price: 0.1, qty: 3 },
];

describe('order totals', () => {
  it('adds the flat R99.99 for delivery and includes 15% VAT in the total', () => {
    expect(orderTotals(lines, 'delivery')).toEqual({ subtotal: 400.28, delivery: 99.99, vat: 65.25, total: 500.27 });
  });

  it('charges nothing to collect in store', () => {
    expect(orderTotals(lines, 'collect')).toEqual({ subtotal: 400.28, delivery: 0, vat: 52.21, total: 400.28 });
  });

  it('agrees with the cart page to the cent', () => {
    for (const method of ['delivery', 'collect'] as const) {
      const totals = orderTotals(lines, method);
      expect(totals.total).toBe(cartTotal(lines, method === 'delivery'));
      expect(totals.vat).toBe(vatIncluded(totals.total));
    }
  });

  it('keeps whole cents without float drift', () => {
    const cents = orderTotalsInCents([{ price: 0.1, qty: 1 }, { price: 0.2, qty: 1 }], 'collect');
    expect(cents).toEqual({ subtotal: 30, delivery: 0, vat: 4, total: 30 });
    expect(Number.isInteger(cents.vat)).toBe(true);
  });
});
